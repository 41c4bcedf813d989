#pragma once
// What a commit survives before it is acknowledged (docs/architecture.md, "Durability"), for
// every backend.
//   Power:   every commit is on stable storage when it returns (SQLite synchronous=FULL: the
//            WAL fdatasynced; PostgreSQL synchronous_commit=on), so it survives a power cut or
//            a kernel panic (on a disk that honours flushes).
//   Process: a commit is in the kernel's page cache when it returns (synchronous=NORMAL;
//            synchronous_commit=off); it survives the process dying (kill -9), not the machine.

namespace office {

enum class Durability { Power, Process };

}  // namespace office
