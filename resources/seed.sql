-- The office as it is on first use (design.md section 5). Exactly this.
INSERT INTO customers (id, name, email) VALUES
  (1, 'Maria Alvarez', 'maria@example.com'),
  (2, 'Tomas Reis', 'tomas@example.com'),
  (3, 'Priya Nair', 'priya@example.com');

INSERT INTO slots (id, day, time, customer_id, booked_at, booked_by) VALUES
  (1, '2026-09-04', '09:00', NULL, NULL, NULL),
  (2, '2026-09-04', '11:00', NULL, NULL, NULL),
  (3, '2026-09-04', '14:00', 2, '2026-08-20T10:00:00Z', 'seed'),
  (4, '2026-09-05', '09:00', NULL, NULL, NULL),
  (5, '2026-09-05', '11:00', NULL, NULL, NULL),
  (6, '2026-09-05', '16:00', NULL, NULL, NULL);

INSERT INTO invoices (id, customer_id, amount_cents, status) VALUES
  (1, 1, 24000, 'paid'),
  (2, 1, 8000, 'open'),
  (3, 2, 15000, 'paid'),
  (4, 3, 41000, 'open');
