import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'

import { baseUrl } from './api'
import { uniqueClient } from './inquiries'

/** The SDK's own client over real HTTP to the app's MCP server, as a given network client. */
export async function connectMcp(client = uniqueClient(), name = 'test'): Promise<Client> {
  const mcp = new Client({ name, version: '1.0.0' })
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), {
      requestInit: { headers: { 'X-Forwarded-For': client } },
    }),
  )
  return mcp
}
