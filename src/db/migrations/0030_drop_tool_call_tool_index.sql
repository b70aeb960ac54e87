-- Unused by every analytics read (each is a tenant's time window); it cost two thirds of a tool-call record's insert.
DROP INDEX `mcp_tool_calls_tenant_tool_idx`;