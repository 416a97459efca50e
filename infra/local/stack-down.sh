#!/usr/bin/env bash
# npm run stack:down: stops the gateway and the services that stack-up.sh started (pid files in
# .stack/run), then the infrastructure it started (infra-down.sh). Anything it merely reused is left
# running. Data is kept.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_state_dirs

# The gateway first, then the services' processes in the reverse of the manifest's order.
processes=()
services="$(stack_services)" || die "cannot read the service manifest (run npm run generate)"
while read -r _ list; do
  for entry in ${list//,/ }; do processes=("${entry%:*}" "${processes[@]}"); done
done <<<"$services"
for s in gateway "${processes[@]}"; do
  stop_pid "$s" "$(stack_marker "$s" || stack_entry "$s")" 15 && log "$s stopped"
done
bash "$INFRA_DIR/infra-down.sh"
