#!/bin/bash
# KAFKA_* → server.properties (the public image's convention), format the log directory once, run.
set -euo pipefail
config=/opt/kafka/config/server.properties
: >"$config"
while IFS='=' read -r name value; do
  case "$name" in KAFKA_HEAP_OPTS | KAFKA_OPTS) continue ;; esac
  key="${name#KAFKA_}"
  printf '%s=%s\n' "$(tr 'A-Z_' 'a-z.' <<<"$key")" "$value" >>"$config"
done < <(env | grep '^KAFKA_')
grep -q '^log.dirs=' "$config" || echo 'log.dirs=/var/lib/kafka/data' >>"$config"
read -r -a heap <<<"${KAFKA_HEAP_OPTS:--Xmx512m -Xms256m}"
java=(java "${heap[@]}" -XX:+UseG1GC -Djava.awt.headless=true
  -Dlog4j.configuration=file:/opt/kafka/config/log4j.properties -cp '/opt/kafka/libs/*')
"${java[@]}" kafka.tools.StorageTool format --ignore-formatted -t "${CLUSTER_ID:-5L6g3nShT-eMCtK--X86sw}" -c "$config"
exec "${java[@]}" kafka.Kafka "$config"
