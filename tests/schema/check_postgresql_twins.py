"""Every SQLite migration schema/NNNN_name.sql has its PostgreSQL twin
schema/postgresql/NNNN_name.sql, and no twin is without its migration: the
two backends' schema versions must mean the same schema (docs/architecture.md,
"Storage backends")."""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
pattern = re.compile(r"^\d{4}_.*\.sql$")
sqlite = {p.name for p in (root / "schema").iterdir() if pattern.match(p.name)}
postgresql = {p.name for p in (root / "schema" / "postgresql").iterdir() if pattern.match(p.name)}
status = 0
for name in sorted(sqlite - postgresql):
    print(f"schema/{name} has no PostgreSQL twin: add schema/postgresql/{name} with the same change")
    status = 1
for name in sorted(postgresql - sqlite):
    print(f"schema/postgresql/{name} has no SQLite migration schema/{name}")
    status = 1
numbers = sorted(int(n[:4]) for n in sqlite)
if numbers != list(range(1, len(numbers) + 1)):
    print("the migrations are not numbered 0001, 0002, ... without a gap:", numbers)
    status = 1
if status == 0:
    print(f"{len(sqlite)} migrations, each with its PostgreSQL twin")
sys.exit(status)
