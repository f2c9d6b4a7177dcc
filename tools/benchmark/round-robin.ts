// A load balancer in a few lines of node:http, for the benchmark's two-instance target: each request
// goes to the next upstream port in turn over keep-alive connections, and its answer is streamed
// back. A process of its own, so that it does not share autocannon's one thread.
//
//   PORT=… UPSTREAM_PORTS=3801,3803 node tools/run-ts.cjs tools/benchmark/round-robin.ts
import { Agent, createServer, request } from 'node:http';

const upstreams = (process.env['UPSTREAM_PORTS'] ?? '').split(',').map(Number);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
let next = 0;

createServer((req, res) => {
  const port = upstreams[next];
  next = (next + 1) % upstreams.length;
  const upstream = request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}).listen(Number(process.env['PORT']), '127.0.0.1');
