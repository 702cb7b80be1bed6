import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: Number(process.env.PROF_INTERVAL ?? 500) });
process.on('SIGUSR2', async () => {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(process.env.PROF_OUT!, JSON.stringify(profile));
  console.log('PROFILE WRITTEN');
});
process.on('SIGUSR1', async () => {
  await session.post('Profiler.start');
  console.log('PROFILING');
});
await import('./server.ts');
