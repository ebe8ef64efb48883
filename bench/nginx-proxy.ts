import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from '@waco/platform/testing';

/** Where Debian installs nginx (`apt-get install nginx-light`), when it is installed. */
export function nginxBinary(): string | undefined {
  try {
    return (
      execFileSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).trim() ||
      undefined
    );
  } catch {
    return undefined;
  }
}

/**
 * nginx as an operator would put it in front of a service: one worker, keep-alive connections to
 * the upstream, the request's headers passed on, no cache, no log. Runs in a folder of its own
 * (no root, no system service): `pid` is the master's, whose CPU time includes its worker's.
 */
export async function startNginxProxy(binary: string, upstream: string) {
  const dir = mkdtempSync(join(tmpdir(), 'waco-nginx-'));
  mkdirSync(join(dir, 'logs'));
  const port = await freePort();
  const { host } = new URL(upstream);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'logs', 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  upstream service { server ${host.replace('localhost', '127.0.0.1')}; keepalive 32; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://service;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering on;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.ok === true,
    10_000,
    'nginx to answer',
  );
  return {
    url,
    pid: child.pid ?? -1,
    close: async () => {
      child.kill('SIGQUIT');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
