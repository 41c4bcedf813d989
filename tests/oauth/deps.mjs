// Every npm package the OAuth tests use, loaded here so that a missing one fails the test files
// with one sentence saying what to run, instead of a module-resolution error: static imports of a
// missing package would fail before any of this project's code ran. Not a test file.

async function load(specifier) {
  try {
    return await import(specifier);
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND') {
      throw new Error(`The OAuth tests need the npm package ${specifier}, which is not installed: ` +
        'run `npm ci --prefix tests/oauth` (package.json there pins every version).');
    }
    throw error;
  }
}

export const { default: Provider, errors: oidcErrors } = await load('oidc-provider');
export const jose = await load('jose');
export const undici = await load('undici');
export const { Client } = await load('@modelcontextprotocol/sdk/client/index.js');
export const { StreamableHTTPClientTransport } = await load('@modelcontextprotocol/sdk/client/streamableHttp.js');
export const { StdioClientTransport } = await load('@modelcontextprotocol/sdk/client/stdio.js');
export const { UnauthorizedError } = await load('@modelcontextprotocol/sdk/client/auth.js');
export const { ElicitRequestSchema } = await load('@modelcontextprotocol/sdk/types.js');
export const { McpServer } = await load('@modelcontextprotocol/sdk/server/mcp.js');
export const { StreamableHTTPServerTransport } = await load('@modelcontextprotocol/sdk/server/streamableHttp.js');
export const { createMcpExpressApp } = await load('@modelcontextprotocol/sdk/server/express.js');
export const { requireBearerAuth } = await load('@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js');
export const { InvalidTokenError } = await load('@modelcontextprotocol/sdk/server/auth/errors.js');
