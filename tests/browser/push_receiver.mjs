// A push service for the tests (tests/integration/test_push_webhooks.py): an
// HTTPS server with the test's certificate that stands for a browser's push
// service AND the browser itself. It holds a subscription's keys (a P-256
// key pair and an authentication secret), decrypts every message it is sent
// with http_ece (an implementation independent of the server's, RFC 8291 /
// RFC 8188) and checks its VAPID authorization (RFC 8292) with node:crypto.
//
// usage: node push_receiver.mjs CERT.pem KEY.pem
// Prints one JSON line at start ({port, p256dh, auth}), then one per POST:
// {path, answered, headers, payload (the decrypted JSON, or null), error,
//  vapid: {ok, key, claims}}. The path's first word picks the answer: /ok/...
// 201, /gone/... 410, /missing/... 404, /silent/... none at all.
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import ece from 'http_ece';

const [cert, key] = process.argv.slice(2);
const browser = crypto.createECDH('prime256v1');
browser.generateKeys();
const authSecret = crypto.randomBytes(16);

function checkVapid(header) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header || '');
  if (!match) return { ok: false, why: `no vapid authorization: ${header}` };
  const [, token, publicKey] = match;
  const [head, body, signature] = token.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'),
                y: raw.subarray(33, 65).toString('base64url') };
  const verified = crypto.verify('sha256', Buffer.from(`${head}.${body}`),
    { key: crypto.createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'));
  return { ok: verified, key: publicKey, header: JSON.parse(Buffer.from(head, 'base64url')),
           claims: JSON.parse(Buffer.from(body, 'base64url')) };
}

const server = https.createServer({ cert: fs.readFileSync(cert), key: fs.readFileSync(key) }, (req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const mode = req.url.split('/')[1];
    const report = { path: req.url, method: req.method, headers: req.headers, bytes: body.length,
                     payload: null, error: null, vapid: checkVapid(req.headers.authorization) };
    try {
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: browser, authSecret });
      report.payload = JSON.parse(plain.toString('utf8'));
    } catch (e) {
      report.error = String(e.message || e);
    }
    const status = { ok: 201, gone: 410, missing: 404 }[mode];
    report.answered = status || null;
    process.stdout.write(JSON.stringify(report) + '\n');
    if (status) {
      res.writeHead(status);
      res.end();
    }  // silent: never answers; the server's time limit ends it
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ port: server.address().port,
    p256dh: browser.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') }) + '\n');
});
