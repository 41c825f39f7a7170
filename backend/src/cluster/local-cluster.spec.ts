import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SHUTDOWN_DEFAULTS } from '../config/app-config.js';
import { haproxyConfig } from './local-cluster.js';

const root = resolve(__dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const seconds = (text: string) =>
  text.endsWith('ms') ? Number(text.slice(0, -2)) / 1000 : Number(text.replace(/s$/, ''));

/**
 * `npm run cluster`, docker/compose.yaml and docker/k8s/ describe one topology; only the first runs here.
 * These checks keep the other two saying the same thing.
 */
describe('the balancer and deployment settings', () => {
  const shared = read('docker/haproxy.cfg');

  it('npm run cluster uses docker/haproxy.cfg as is, with its own instances as the servers', () => {
    const config = haproxyConfig(root, [
      { name: 'app1', port: 4001 },
      { name: 'app2', port: 4002 },
    ]);
    const kept = shared.slice(0, shared.indexOf('# ---- servers'));
    expect(config.startsWith(kept)).toBe(true);
    expect(config.slice(kept.length).match(/^\s*server .*$/gm)).toEqual([
      '    server app1 127.0.0.1:4001',
      '    server app2 127.0.0.1:4002',
    ]);
    expect(config).not.toContain('server-template');
  });

  it('takes a draining instance out before it stops listening, and keeps live streams open past a heartbeat', () => {
    const [, inter = '', fall = ''] = /default-server check inter (\S+) fall (\d+)/.exec(shared) ?? [];
    expect(seconds(inter) * Number(fall) * 1000).toBeLessThan(SHUTDOWN_DEFAULTS.drainMs);
    expect(shared).toMatch(/^\s*http-check expect status 200$/m); // 503 `draining` fails the check
    const [, client = ''] = /timeout client (\S+)/.exec(shared) ?? [];
    const [, events = ''] = /set-timeout server (\S+) if \{ path \/api\/events \}/.exec(shared) ?? [];
    // Heartbeat every 25 s (notifications/realtime/live-streams.service.ts): one may be missed.
    expect(seconds(client)).toBeGreaterThan(50);
    expect(seconds(events)).toBeGreaterThan(50);
  });

  it('compose trusts the balancer it runs, and outwaits the app’s shutdown deadline', () => {
    const compose = read('docker/compose.yaml');
    const [, trusted] = /TRUST_PROXY: (\S+)/.exec(compose) ?? [];
    const [, balancer] = /ipv4_address: (\S+) \}/.exec(compose) ?? [];
    expect(trusted).toBe(balancer);
    expect(compose).toContain(`SHUTDOWN_TIMEOUT_MS: '${SHUTDOWN_DEFAULTS.deadlineMs}'`);
    const [, grace = ''] = /stop_grace_period: (\S+)/.exec(compose) ?? [];
    expect(seconds(grace) * 1000).toBeGreaterThan(SHUTDOWN_DEFAULTS.deadlineMs);
  });

  it('Kubernetes waits for preStop plus the shutdown deadline before killing a pod', () => {
    const manifest = read('docker/k8s/betwixt.yaml');
    expect(manifest).toContain(`{ name: SHUTDOWN_TIMEOUT_MS, value: '${SHUTDOWN_DEFAULTS.deadlineMs}' }`);
    const [, preStop = ''] = /preStop: \{ exec: \{ command: \['sleep', '(\d+)'\] \} \}/.exec(manifest) ?? [];
    const [, grace = ''] = /terminationGracePeriodSeconds: (\d+)/.exec(manifest) ?? [];
    expect(Number(grace)).toBeGreaterThan(Number(preStop) + SHUTDOWN_DEFAULTS.deadlineMs / 1000);
    expect(manifest).toMatch(/readinessProbe:\s+#[^\n]*\n\s+httpGet: \{ path: \/api\/health/);
    expect(read('docker/kustomization.yaml')).toMatch(/files: \[haproxy\.cfg\]/);
  });
});
