/**
 * The part of autocannon's programmatic API the bench uses (the package ships
 * no types).
 */
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  export interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Returning nothing skips the rest of the sequence (counted in Result.resets). */
    setupRequest?: (req: RequestSpec, context: Record<string, unknown>) => RequestSpec | undefined;
    /** Called with each response to this request; context is the connection's, reset at each pass over `requests`. */
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: RequestSpec[];
    /** Called with each connection's client as it is made. */
    setupClient?: (client: Client) => void;
  }
  export interface Client {
    /** This connection's own sequence of requests, built at once (not per request as with setupRequest). */
    setRequests(requests: RequestSpec[]): void;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '5xx': number;
    /** Sequences cut short because a setupRequest returned nothing. */
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result> & { stop(): void };
  export default autocannon;
}
