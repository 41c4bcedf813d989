// The tool behaviour every client must see, whatever SDK and protocol era it speaks. Registers
// tests in the caller's describe(); they run in order against one server on a fresh database.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  BAD_LUNCH_ARGUMENTS, BAD_LUNCH_SENTENCE, assertNotRun, assertSchemasCompile, assertStructuredContentConforms,
  assertToolCatalogue, invoicesById, textOf,
} from './helpers.mjs';

/**
 * @param {() => import('@modelcontextprotocol/sdk/client/index.js').Client} client  the connected client
 * @param {Function} ProtocolErrorClass  the SDK's error class for JSON-RPC error responses
 */
export function toolCoverageTests(client, ProtocolErrorClass) {
  let toolsByName;
  const call = async (name, args) => {
    toolsByName ??= Object.fromEntries((await client().listTools()).tools.map((tool) => [tool.name, tool]));
    const result = await client().callTool({ name, arguments: args });
    assertStructuredContentConforms(toolsByName[name], result);
    return result;
  };

  test('tools/list lists the six tools with their argument schemas and hints', async () => {
    const { tools } = await client().listTools();
    assertToolCatalogue(tools);
    assertSchemasCompile(tools);
  });

  test('find_customer("Maria") finds Maria Alvarez, in the text and in structured content', async () => {
    const result = await call('find_customer', { query: 'Maria' });
    assert.notEqual(result.isError, true, textOf(result));
    assert.match(textOf(result), /#1 Maria Alvarez <maria@example\.com>/);
    assert.deepEqual(result.structuredContent,
      { customers: [{ id: 1, name: 'Maria Alvarez', email: 'maria@example.com' }] });
  });

  test('find_customer matches case-insensitively on part of an email address', async () => {
    const result = await call('find_customer', { query: 'PRIYA@' });
    assert.deepEqual(result.structuredContent.customers.map((customer) => customer.id), [3]);
  });

  test('find_customer with an empty query is not run and says what is wrong with query', async () => {
    assertNotRun(await call('find_customer', { query: '' }), 'find_customer', ['query']);
  });

  test('find_customer without any arguments is not run and says that query is missing', async () => {
    assertNotRun(await call('find_customer', {}), 'find_customer', ['query']);
  });

  test('list_availability("2026-09-04") lists slots 1 and 2 only, not slot 3 that Tomas holds', async () => {
    const result = await call('list_availability', { day: '2026-09-04' });
    assert.notEqual(result.isError, true, textOf(result));
    assert.equal(result.structuredContent.day, '2026-09-04');
    // Each slot also says its day, weekday and instant in the office's zone (issue 38).
    assert.equal(typeof result.structuredContent.time_zone, 'string');
    assert.deepEqual(result.structuredContent.slots.map(({ slot_id, time }) => ({ slot_id, time })), [
      { slot_id: 1, time: '09:00' },
      { slot_id: 2, time: '11:00' },
    ]);
  });

  test('list_availability with a day that is not a real date (2026-02-30) is not run', async () => {
    assertNotRun(await call('list_availability', { day: '2026-02-30' }), 'list_availability', ['day']);
  });

  test('book_slot(1, 1) books slot 1 for Maria', async () => {
    const result = await call('book_slot', { slot_id: 1, customer_id: 1 });
    assert.notEqual(result.isError, true, textOf(result));
  });

  test('book_slot(1, 1) a second time is refused with an error result, because the slot is taken', async () => {
    const result = await call('book_slot', { slot_id: 1, customer_id: 1 });
    assert.equal(result.isError, true, JSON.stringify(result));
    assert.ok(textOf(result).length > 0);
  });

  test('list_availability no longer offers slot 1 once it is booked', async () => {
    const result = await call('list_availability', { day: '2026-09-04' });
    // Each slot also says its day, weekday and instant in the office's zone (issue 38).
    assert.equal(typeof result.structuredContent.time_zone, 'string');
    assert.deepEqual(result.structuredContent.slots.map(({ slot_id, time }) => ({ slot_id, time })), [{ slot_id: 2, time: '11:00' }]);
  });

  test('book_slot for a slot that does not exist is refused with an error result', async () => {
    const result = await call('book_slot', { slot_id: 99, customer_id: 1 });
    assert.equal(result.isError, true, JSON.stringify(result));
  });

  test('book_slot for a customer that does not exist is refused with an error result', async () => {
    const result = await call('book_slot', { slot_id: 2, customer_id: 99 });
    assert.equal(result.isError, true, JSON.stringify(result));
    const still = await call('list_availability', { day: '2026-09-04' });
    assert.deepEqual(still.structuredContent.slots.map(({ slot_id, time }) => ({ slot_id, time })), [{ slot_id: 2, time: '11:00' }], 'slot 2 must stay free');
  });

  test('book_slot with slot_id 0 and customer_id "1" is not run, both problems named in schema order', async () => {
    assertNotRun(await call('book_slot', { slot_id: 0, customer_id: '1' }), 'book_slot', ['slot_id', 'customer_id']);
  });

  test('find_customer("Maria") then open_invoices with her id shows invoices 1 (240, paid) and 2 (80, open)', async () => {
    const found = await call('find_customer', { query: 'Maria' });
    const [maria] = found.structuredContent.customers;
    const result = await call('open_invoices', { customer_id: maria.id });
    assert.equal(result.structuredContent.customer_id, 1);
    assert.match(JSON.stringify(result.structuredContent.customer), /Maria Alvarez/);
    const invoices = invoicesById(result);
    assert.deepEqual(Object.keys(invoices), ['1', '2']);
    assert.deepEqual(invoices[1], { invoice_id: 1, amount: 240, status: 'paid', refunded: 0, left: 240 });
    assert.deepEqual(invoices[2], { invoice_id: 2, amount: 80, status: 'open', refunded: 0, left: 80 });
  });

  test('open_invoices with customer_id 0 is not run', async () => {
    assertNotRun(await call('open_invoices', { customer_id: 0 }), 'open_invoices', ['customer_id']);
  });

  test('open_invoices for a customer that does not exist is refused with an error result', async () => {
    const result = await call('open_invoices', { customer_id: 99 });
    assert.equal(result.isError, true, JSON.stringify(result));
  });

  test('order_lunch {item:"tortilla", quantity:2} answers "Ordered 2 tortillas."', async () => {
    const result = await call('order_lunch', { item: 'tortilla', quantity: 2 });
    assert.notEqual(result.isError, true, textOf(result));
    assert.match(textOf(result), /Ordered 2 tortillas\./);
  });

  test('order_lunch with a note of 20 characters is ordered', async () => {
    const result = await call('order_lunch', { item: 'ensalada', quantity: 1, note: 'sin cebolla, gracias' });
    assert.notEqual(result.isError, true, textOf(result));
  });

  test('order_lunch {item:"sopa", quantity:9, colour:"rojo"} is not run and names all three problems in one sentence', async () => {
    const result = await call('order_lunch', BAD_LUNCH_ARGUMENTS);
    assert.equal(result.isError, true);
    assert.equal(textOf(result), BAD_LUNCH_SENTENCE);
  });

  test('order_lunch with quantity "2" (a string) is not run, because arguments are never coerced', async () => {
    assertNotRun(await call('order_lunch', { item: 'tortilla', quantity: '2' }), 'order_lunch', ['quantity']);
  });

  test('order_lunch with a note of 21 characters is not run', async () => {
    assertNotRun(await call('order_lunch', { item: 'tortilla', quantity: 1, note: 'x'.repeat(21) }), 'order_lunch', ['note']);
  });

  test('issue_refund with invoice_id "2" (a string) is not run', async () => {
    assertNotRun(await call('issue_refund', { invoice_id: '2' }), 'issue_refund', ['invoice_id']);
  });

  test('issue_refund for an invoice that does not exist is refused with an error result', async () => {
    const result = await call('issue_refund', { invoice_id: 99 });
    assert.equal(result.isError, true, JSON.stringify(result));
  });

  test('an unknown tool is rejected with the JSON-RPC error -32602, not answered with a result', async () => {
    await assert.rejects(call('make_coffee', {}), (error) => {
      assert.ok(error instanceof ProtocolErrorClass, `expected ${ProtocolErrorClass.name}, got ${error?.constructor?.name}: ${error}`);
      assert.equal(error.code, -32602);
      return true;
    });
  });
}
