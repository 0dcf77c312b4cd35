# Sourced by scripts/run-stack.sh and scripts/load.sh: starts the FolioEmulator, every service and the Gateway
# from the binaries in $bin with the environment already exported, logging to LOGS/<program>.log, and appends
# their pids to the caller's `pids` array.
#   start_stack_processes LOGS
start_stack_processes() {
    local logs=$1 program user password_variable
    "$bin/folio-emulator" >>"$logs/folio-emulator.log" 2>&1 &
    pids+=($!)
    # Each process is its own NATS user, with the password services.sh made (docs/operations.md "Bus credentials").
    for program in folio-auth folio-inquiry folio-vault folio-documents folio-gateway; do
        user=${program#folio-}
        password_variable=FOLIO_NATS_PASSWORD_${user^^}
        FOLIO_NATS_USER=$user FOLIO_NATS_PASSWORD=${!password_variable} "$bin/$program" >>"$logs/$program.log" 2>&1 &
        pids+=($!)
    done
}
