-- Every worker process records itself when it starts and on each health check, so operators can see
-- which workers of a service are alive.
CREATE TABLE IF NOT EXISTS service_workers (
    service      text NOT NULL,
    worker_id    text NOT NULL,
    started_at   timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (service, worker_id)
);
