/**
 * The families the site serves besides Node's and the process's own: one line each in the
 * README's list, the alert rules (deploy/prometheus/alerts.yml) and the dashboard
 * (deploy/grafana/dashboard.json) use only these (a test holds them to it).
 */
export const SITE_FAMILIES = [
  'site_http_requests_total',
  'site_http_request_duration_seconds',
  'site_cache_responses_total',
  'site_cache_evictions_total',
  'site_cache_bytes',
  'site_cache_entries',
  'site_page_renders_waiting',
  'site_page_renders_running',
  'site_change_feed_lag_seconds',
  'site_replica_lag_seconds',
  'site_outbox_pending',
  'site_outbox_failed',
  'site_outbox_attempts_total',
  'site_inquiry_budget_refusals_total',
] as const

/** Node's and the process's families the operators' figures rely on (prom-client's defaults). */
export const PROCESS_FAMILIES = [
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_eventloop_lag_mean_seconds',
  'nodejs_heap_size_used_bytes',
  'nodejs_heap_size_total_bytes',
  'process_resident_memory_bytes',
  'process_cpu_seconds_total',
] as const
