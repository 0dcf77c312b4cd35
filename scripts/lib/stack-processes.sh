# Sourced by scripts/run-stack.sh and scripts/load.sh: starts the FolioEmulator, every service and the Gateway
# from the binaries in $bin with the environment already exported, logging to LOGS/<program>.log, and appends
# their pids to the caller's `pids` array. With FOLIO_METRICS_BASE_PORT set, the services serve their metrics on
# ports of their own (docs/operations.md "Metrics"): auth on that port, then inquiry, vault and documents.
#   start_stack_processes LOGS
start_stack_processes() {
    local logs=$1 program user password_variable metrics_port=${FOLIO_METRICS_BASE_PORT:-} port
    "$bin/folio-emulator" >>"$logs/folio-emulator.log" 2>&1 &
    pids+=($!)
    # Each process is its own NATS user, with the password services.sh made (docs/operations.md "Bus credentials").
    for program in folio-auth folio-inquiry folio-vault folio-documents folio-gateway; do
        user=${program#folio-}
        password_variable=FOLIO_NATS_PASSWORD_${user^^}
        port=""
        if [ -n "$metrics_port" ] && [ "$program" != folio-gateway ]; then
            port=$metrics_port
            metrics_port=$((metrics_port + 1))
        fi
        FOLIO_METRICS_PORT=$port FOLIO_NATS_USER=$user FOLIO_NATS_PASSWORD=${!password_variable} "$bin/$program" \
            >>"$logs/$program.log" 2>&1 &
        pids+=($!)
    done
}
