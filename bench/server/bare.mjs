// The ceiling: Node's own HTTP server answering a fixed JSON, nothing else.
import { createServer } from 'node:http';
import { answerParent } from './instance-ipc.mjs';

const body = JSON.stringify({ status_code: 200, ok: true });
createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    response.end(body);
  });
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send({ ready: true }));
answerParent(new Map());
