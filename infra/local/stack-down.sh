#!/usr/bin/env bash
# npm run stack:down: stops the gateway and the services, then the infrastructure. Data is kept.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_state_dirs

stop_pid gateway gateway/src/main.ts 15 && log "gateway stopped"
for s in notifications audit requests organizations announcements auth; do
  stop_pid "$s" "services/$s/src/main.ts" 15 && log "$s stopped"
done
bash "$INFRA_DIR/infra-down.sh"
