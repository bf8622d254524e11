# Two commands do everything on a fresh Debian machine:
#   make run    installs what is missing, builds, and runs the server on 127.0.0.1:8080
#   make test   installs what is missing, builds, and passes every test
#               (a normal build, then an AddressSanitizer + UBSan build,
#               then the libFuzzer targets for a minute each)

BUILD          ?= build
SANITIZE_BUILD ?= build-sanitize
FUZZ_BUILD     ?= build-fuzz
TSAN_BUILD     ?= build-tsan
JOBS           ?= $(shell nproc)
SUDO           := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages the build needs (bookworm).
PACKAGES := cmake g++ make pkg-config libboost1.81-dev nlohmann-json3-dev \
            libsqlite3-dev sqlite3 libspdlog-dev doctest-dev libsodium-dev libjemalloc-dev \
            python3 python3-jsonschema python3-websockets python3-yaml chromium \
            clang libclang-rt-14-dev
PACKAGES += libcurl4-openssl-dev   # issue 17: email through an SMTP relay (libcurl's SMTP client)
PACKAGES += libhowardhinnant-date-dev   # issue 17: players' time zones by IANA name (libstdc++ 12 has no tzdb)
PACKAGES += python3-aiosmtpd   # issue 17: the SMTP sink of the email tests
PACKAGES += libssl-dev openssl   # issue 17: Web Push crypto, HTTPS webhooks; the tests make a CA with the openssl CLI
PACKAGES += libpq-dev postgresql-15   # issue 16: the PostgreSQL backend (libpq); the tests start their own PostgreSQL 15 server
PACKAGES += emscripten   # issue 18: the rules engine built to WebAssembly for the browser's check of a deal (web/verifier)
PACKAGES += nginx haproxy   # issues 16, 34: integration:site runs docker/nginx-site.conf and docker/haproxy-site.cfg in front of two nodes
PACKAGES += prometheus   # issue 34: promtool checks and tests docker/prometheus/spb-alerts.yml
PACKAGES += esbuild zlib1g-dev libbrotli-dev   # issue 32: the page bundled and minified, then precompressed (gzip, Brotli)

# ccache, where it is installed, keeps compiled objects between builds and
# between clones: paths are hashed relative to the project's folder, so a
# fresh clone elsewhere finds what an earlier build compiled.
ifneq ($(shell command -v ccache 2>/dev/null),)
LAUNCHER := -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
# Three builds (normal, sanitizers, fuzz) of one commit fill about 3 GB
# compressed; ccache's default 5 GB then evicts objects of the very commit
# being tested whenever a session built a few before it, and a fresh clone
# compiles everything again (stop 48's CI: 77 min instead of 45). An
# operator's own CCACHE_MAXSIZE wins.
export CCACHE_MAXSIZE ?= 16G
endif

.PHONY: run test soak tsan build deps bench clean

deps:
	@missing=""; \
	for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	fi
	@# Node.js runs the browser tests; Debian's only where no node/npm is installed.
	@if ! command -v node >/dev/null || ! command -v npm >/dev/null; then \
	  echo "Installing Debian packages: nodejs npm"; \
	  $(SUDO) apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends nodejs npm; \
	fi

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(LAUNCHER)
	cmake --build $(BUILD) -j$(JOBS)

run: build
	./$(BUILD)/server/spb serve

test: build
	@# playwright-core for the browser tests (never a browser download: they use Debian's chromium),
	@# @axe-core/playwright for their accessibility checks;
	@# http_ece and web-push, the independent Web Push decryption of integration:push.
	[ -d tests/browser/node_modules/playwright-core ] && [ -d tests/browser/node_modules/@axe-core/playwright ] && [ -d tests/browser/node_modules/http_ece ] || (cd tests/browser && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
	@# @asyncapi/parser for schema:asyncapi (its install script is only a download counter).
	[ -d tests/asyncapi/node_modules/@asyncapi/parser ] || (cd tests/asyncapi && npm ci --no-audit --no-fund --ignore-scripts)
	ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS) -LE soak
	cmake -S . -B $(SANITIZE_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSPB_SANITIZE=ON $(LAUNCHER)
	cmake --build $(SANITIZE_BUILD) -j$(JOBS)
	ctest --test-dir $(SANITIZE_BUILD) --output-on-failure -j$(JOBS) -LE soak
	@# libFuzzer is clang's: the engine, the protocol and the fuzz targets only (docs/operations.md, "Fuzzing").
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DSPB_FUZZ=ON $(LAUNCHER)
	cmake --build $(FUZZ_BUILD) -j$(JOBS)
	ctest --test-dir $(FUZZ_BUILD) --output-on-failure -j$(JOBS)

# ThreadSanitizer (issue 33): every test where two threads meet. The robots'
# search tests (engine); the robot pool, the tables, correspondence play, the
# store's writer thread and the PostgreSQL leases and claims (server_tests);
# then the real spb serve at two network threads and two robot threads
# (SPB_ROBOT_THREADS) in the integration tests whose tables seat robots or
# play many tables at once, on SQLite and on PostgreSQL, and several nodes
# (the NodeLeases thread, its listener, the bus between nodes). Any report
# fails the target: TSan writes each to TSAN_REPORTS, which must stay empty
# (a server's report alone would not fail its Python test).
TSAN_REPORTS := $(CURDIR)/$(TSAN_BUILD)/tsan-reports
TSAN_ENGINE := *robot_level_test.cpp,*robot_stop_test.cpp
TSAN_SERVER := *robot_pool_test.cpp,*correspondence_test.cpp,*table_test.cpp,*table_frames_test.cpp,*store_test.cpp,*pg_leases_test.cpp,*pg_timed_claims_test.cpp
TSAN_INTEGRATION := ^integration:(server|server:postgresql|nodes|correspondence|consent|orders|ratings)$$
tsan: deps
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPB_TSAN=ON $(LAUNCHER)
	cmake --build $(TSAN_BUILD) -j$(JOBS) --target spb engine_tests server_tests
	rm -rf $(TSAN_REPORTS) && mkdir -p $(TSAN_REPORTS)
	export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 log_path=$(TSAN_REPORTS)/report suppressions=$(CURDIR)/tests/tsan.supp" \
	       SPB_ROBOT_THREADS=2; \
	./$(TSAN_BUILD)/tests/engine_tests -sf='$(TSAN_ENGINE)' && \
	./$(TSAN_BUILD)/tests/server_tests -sf='$(TSAN_SERVER)' && \
	ctest --test-dir $(TSAN_BUILD) --output-on-failure -j$(JOBS) -R '$(TSAN_INTEGRATION)'; \
	status=$$?; \
	if [ -n "$$(ls -A $(TSAN_REPORTS))" ]; then echo "ThreadSanitizer reports:"; cat $(TSAN_REPORTS)/*; exit 1; fi; \
	exit $$status

# The soak, short (integration:soak, docs/scaling.md "Soak"); out of `make
# test` as soaks are; tests/bench/soak.sh runs it ten minutes.
soak: build
	ctest --test-dir $(BUILD) --output-on-failure -L soak

bench: build
	./$(BUILD)/tests/engine_bench

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD) $(FUZZ_BUILD) $(TSAN_BUILD)
