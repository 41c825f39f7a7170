// npm run dev: the API (rebuilt and restarted by tsc --watch + node --watch) and the Vite dev server.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsc', '-p', 'backend/tsconfig.build.json', '--watch', '--preserveWatchOutput'], { stdio: 'inherit' }),
  spawn('node', ['--watch-path=backend/dist', 'backend/dist/main.js'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
  spawn('npx', ['vite', '--host'], { stdio: 'inherit', cwd: 'frontend' }),
];
const stop = () => children.forEach((child) => child.kill('SIGINT'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
