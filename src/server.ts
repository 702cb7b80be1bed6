// The entry point of `npm start`. An unsupported Node stops here with a message (the first
// import); then Node's compile cache is switched on before the service's code is loaded, so a
// restart reuses the bytecode of the last start instead of compiling the same 2 MB again (about
// a tenth of start-up; docs/benchmarks.md). The cache lives in the system's temporary folder, or
// in NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
import './require-supported-node.js';
import nodeModule from 'node:module';

nodeModule.enableCompileCache?.();
await import('./main.js');
