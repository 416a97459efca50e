#!/bin/bash
exec java -Xmx64m -XX:TieredStopAtLevel=1 -Dlog4j.configuration=file:/opt/kafka/config/log4j.properties \
  -cp '/opt/kafka/libs/*' kafka.admin.BrokerApiVersionsCommand "$@"
