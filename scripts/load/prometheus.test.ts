import { describe, expect, it } from 'vitest';
import { metricValue, parsePrometheus } from './prometheus.ts';

const scrape = `# HELP nodejs_eventloop_lag_p99_seconds The 99th percentile of the recorded event loop delays.
# TYPE nodejs_eventloop_lag_p99_seconds gauge
nodejs_eventloop_lag_p99_seconds 0.012378111

# TYPE keel_live_clients gauge
keel_live_clients 997
keel_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz",status="200"} 41
keel_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz",status="200"} 44
keel_http_request_duration_seconds_count{method="GET",route="/db/:ws/*",status="200"} 120
keel_http_request_duration_seconds_count{method="POST",route="/db/:ws/*",status="500"} 3
keel_database_errors_total{reason="unreachable"} 7 1700000000000
odd_label{path="a \\"quoted\\" \\\\ one"} +Inf
not a metric line
`;

describe('parsePrometheus', () => {
  const samples = parsePrometheus(scrape);

  it('reads plain gauges and skips comments and malformed lines', () => {
    expect(metricValue(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeCloseTo(0.012378111);
    expect(metricValue(samples, 'keel_live_clients')).toBe(997);
    expect(samples.has('not')).toBe(false);
  });

  it('keeps labels, sums over them, and picks by them', () => {
    const count = 'keel_http_request_duration_seconds_count';
    expect(metricValue(samples, count)).toBe(123);
    expect(metricValue(samples, count, { status: '500' })).toBe(3);
    expect(metricValue(samples, count, { status: '404' })).toBeNull();
  });

  it('reads timestamps, infinities and escaped label values', () => {
    expect(metricValue(samples, 'keel_database_errors_total', { reason: 'unreachable' })).toBe(7);
    expect(samples.get('odd_label')).toEqual([
      { labels: { path: 'a "quoted" \\ one' }, value: Infinity },
    ]);
  });

  it('answers null for a metric the scrape lacks', () => {
    expect(metricValue(samples, 'keel_upstream_feeds')).toBeNull();
  });
});
