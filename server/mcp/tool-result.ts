/**
 * The shape every tool returns: text for the model to read, the same facts as structured content for a
 * program, and `isError` with a message that names what was refused or wrong.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export function toolResult(text: string, structured?: Record<string, unknown>): CallToolResult {
  return structured === undefined
    ? { content: [{ type: 'text', text }] }
    : { content: [{ type: 'text', text }], structuredContent: structured };
}

export function toolError(text: string, structured?: Record<string, unknown>): CallToolResult {
  return { ...toolResult(text, structured), isError: true };
}

/** Runs a handler; a thrown error becomes an error result with its message (never a stack trace). */
export async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (cause) {
    return toolError(cause instanceof Error ? cause.message : String(cause));
  }
}
