# Operations of the site. `make run` and `make test` install whatever is missing first.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Node 24 LTS: the machine's node when it is recent enough, else a local copy from the npm registry.
NODE_OK := $(shell node -e 'process.exit(+process.versions.node.split(".")[0] >= 24 ? 0 : 1)' 2>/dev/null && echo yes)
ifneq ($(NODE_OK),yes)
export PATH := $(CURDIR)/.tools/node_modules/.bin:$(PATH)
NODE_DEP := .tools/node_modules/.bin/node
endif
NODE := node
# A larger young generation: the rebuild's replay allocates fast and keeps its rows.
CLI := $(NODE) --max-semi-space-size=64 apps/api/src/cli.ts

.PHONY: help install build run api worker dev test lint format typecheck migrate seed rebuild-projections admin-password backup restore privacy-export privacy-erase bench bench-smoke chromium clean

help: ## List the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{ printf "  make %-22s %s\n", $$1, $$2 }'

.tools/node_modules/.bin/node:
	@echo "Node $$(node --version 2>/dev/null || echo 'is missing'): installing Node 24 locally in .tools/"
	npm install --prefix .tools --no-save --no-audit --no-fund node@24 >/dev/null
	@.tools/node_modules/.bin/node --version

node_modules/.install-stamp: package.json package-lock.json apps/*/package.json modules/*/package.json composition/package.json db/package.json | $(NODE_DEP)
	@# npm install rather than npm ci: the registry mirror lacks the other platforms' optional binaries, which npm ci insists on.
	npm install --no-audit --no-fund
	@touch $@

install: node_modules/.install-stamp ## Install Node 24 (if needed) and the dependencies

WEB_SOURCES := $(shell find apps/web/src apps/web/index.html apps/web/vite.config.ts apps/web/public modules/*/src -type f 2>/dev/null)
apps/web/dist/server/entry-server.js: node_modules/.install-stamp $(WEB_SOURCES)
	cd apps/web && npx vite build --logLevel warn && npx vite build --ssr src/entry-server.tsx --logLevel warn

build: apps/web/dist/server/entry-server.js ## Build the web app (client bundles and the server renderer)

run: build ## Start the site with demo content on an embedded PostgreSQL (http://127.0.0.1:3000)
	$(NODE) apps/api/src/run.ts

api: build ## Only the API (and the site), against DATABASE_URL (run make migrate first); PORT picks the port
	MALLOC_ARENA_MAX=2 $(NODE) --max-semi-space-size=8 --max-old-space-size=256 apps/api/src/main.ts

worker: install ## Only the worker, against DATABASE_URL (run make migrate first); start as many as you like
	$(NODE) apps/worker/src/main.ts

dev: install ## Development: Vite hot reload, API and worker restarting on change
	$(NODE) apps/api/src/run.ts --dev

chromium: ## Install Debian's Chromium for the browser tests, when it is missing
	@command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

lint: install ## Lint and check formatting (Biome)
	npx biome check .

format: install ## Format every file
	npx biome check --write .

typecheck: install ## Type-check the server and the web app
	npx tsc -p tsconfig.json
	npx tsc -p apps/web/tsconfig.json

test: build chromium ## Everything: lint, types, unit, integration (real PostgreSQL), browser end-to-end
	npx biome check .
	npx tsc -p tsconfig.json
	npx tsc -p apps/web/tsconfig.json
	npx vitest run
	BENCH_SMOKE=1 $(NODE) bench/run.ts >/dev/null

migrate: install ## Apply database migrations and create the queues (once per deployment, before make api / make worker)
	$(CLI) migrate

seed: install ## Add the demo content (once)
	$(CLI) seed

rebuild-projections: install ## Rebuild every read model from the event log
	$(CLI) rebuild-projections

admin-password: install ## Set a new administrator password from the terminal (RESET_2FA=1: two-factor sign-in off too)
	$(CLI) admin-password

backup: install ## Write the event log, credentials and uploads to DATA_DIR/backups (or FILE=...)
	$(CLI) backup $(FILE)

restore: install ## Restore a backup: make restore FILE=path/to/backup.tar.gz
	$(CLI) restore $(FILE)

privacy-export: install ## Everything held about a person, as a zip: make privacy-export EMAIL=... [FILE=...]
	$(CLI) privacy-export "$(EMAIL)" $(FILE)

privacy-erase: install ## Erase a person for good (asks to confirm): make privacy-erase EMAIL=...
	$(CLI) privacy-erase "$(EMAIL)"

bench: build chromium ## Measure every figure of issue 12 beside its ceiling: one table (BENCH_* settings in the README)
	$(NODE) bench/run.ts

bench-smoke: build chromium ## The bench with tiny durations: fails unless every row of the table is produced
	BENCH_SMOKE=1 $(NODE) bench/run.ts

clean: ## Remove build output (keeps .data)
	rm -rf apps/web/dist
