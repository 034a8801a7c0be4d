// thread-priority.test.ts's worker thread: calls yieldCpuToServer here and reports what the kernel says.
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { ownThreadId, yieldCpuToServer } = await tsImport('./thread-priority.ts', import.meta.url);
const returned = yieldCpuToServer();
// /proc/thread-self/stat: field 19 is the nice value (counted after the command name's closing paren).
const stat = readFileSync('/proc/thread-self/stat', 'utf8');
const procNice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
parentPort.postMessage({ returned, tid: ownThreadId(), procNice });
