// Imported first by every entry point (server and CLIs), so that an unsupported Node stops with a
// message before any native add-on is loaded.
import { unsupportedNodeMessage } from './lib/supported-node.js';

const problem = unsupportedNodeMessage(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
