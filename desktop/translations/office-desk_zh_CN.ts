<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
    <context>
        <name>ActivityChart</name>
        <message>
            <source>Calls per minute and their durations</source>
            <translation>每分钟调用次数及其耗时</translation>
        </message>
        <message>
            <source>done</source>
            <translation>完成</translation>
        </message>
        <message>
            <source>tool errors</source>
            <translation>工具错误</translation>
        </message>
        <message>
            <source>protocol errors</source>
            <translation>协议错误</translation>
        </message>
        <message>
            <source>waiting for a person</source>
            <translation>等待人工处理</translation>
        </message>
        <message>
            <source>median (ms)</source>
            <translation>中位数（毫秒）</translation>
        </message>
        <message>
            <source>95th percentile (ms)</source>
            <translation>第 95 百分位（毫秒）</translation>
        </message>
        <message>
            <source>calls</source>
            <translation>调用</translation>
        </message>
        <message>
            <source>minutes ago</source>
            <translation>分钟前</translation>
        </message>
        <message>
            <source>now</source>
            <translation>现在</translation>
        </message>
        <message>
            <source>ms</source>
            <translation>毫秒</translation>
        </message>
        <message>
            <source>No calls in the last two minutes.</source>
            <translation>最近两分钟没有调用。</translation>
        </message>
        <message numerus="yes">
            <source>Last two minutes: %n call(s), %1 with an error, %2 waiting for a person; median %3 ms, 95th percentile %4 ms.</source>
            <translation>
                <numerusform>最近两分钟：%n 次调用，%1 次出错，%2 次等待人工处理；中位数 %3 毫秒，第 95 百分位 %4 毫秒。</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ApprovalQueue</name>
        <message>
            <source>pending</source>
            <comment>an approval request waiting for a person</comment>
            <translation>待处理</translation>
        </message>
        <message>
            <source>approved</source>
            <comment>an approval request</comment>
            <translation>已批准</translation>
        </message>
        <message>
            <source>declined</source>
            <comment>an approval request</comment>
            <translation>已拒绝</translation>
        </message>
        <message>
            <source>withdrawn</source>
            <comment>an approval request its AI client took back before anyone decided</comment>
            <translation>已撤回</translation>
        </message>
        <message>
            <source>%1 · task</source>
            <comment>who asked, and that it follows the request as a task</comment>
            <translation>%1 · 任务</translation>
        </message>
        <message>
            <source>This AI client follows the request as a task: it learns your decision as soon as you make it, and it can withdraw the request until then.</source>
            <translation>此 AI 客户端以任务方式跟进该请求：您一做出决定它就会知道，在此之前它可以撤回该请求。</translation>
        </message>
        <message>
            <source>withdrawn by its client; nothing refunded</source>
            <translation>已被其客户端撤回；未退款</translation>
        </message>
        <message>
            <source>open</source>
            <comment>an invoice not yet paid</comment>
            <translation>未付款</translation>
        </message>
        <message>
            <source>paid</source>
            <comment>an invoice</comment>
            <translation>已付款</translation>
        </message>
        <message>
            <source>refunded</source>
            <comment>an invoice refunded in full</comment>
            <translation>已退款</translation>
        </message>
        <message>
            <source>AI clients that cannot show a form leave refund requests here. &lt;b&gt;Review&lt;/b&gt; opens the refund form for the request; you approve or decline it there, and office-mcp settles the request. &lt;b&gt;Re-open&lt;/b&gt; puts a declined request back in the queue.</source>
            <translation>无法显示表单的 AI 客户端会把退款请求留在这里。&lt;b&gt;审核&lt;/b&gt;会打开该请求的退款表单，您在表单中批准或拒绝，office-mcp 随后处理该请求。&lt;b&gt;重新打开&lt;/b&gt;会把已拒绝的请求放回队列。</translation>
        </message>
        <message>
            <source>Request</source>
            <translation>请求</translation>
        </message>
        <message>
            <source>Invoice</source>
            <translation>发票</translation>
        </message>
        <message>
            <source>Customer</source>
            <translation>客户</translation>
        </message>
        <message>
            <source>Amount</source>
            <translation>金额</translation>
        </message>
        <message>
            <source>Asked by</source>
            <translation>申请方</translation>
        </message>
        <message>
            <source>Asked at</source>
            <translation>申请时间</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>Decided by</source>
            <translation>处理人</translation>
        </message>
        <message>
            <source>Outcome</source>
            <translation>结果</translation>
        </message>
        <message>
            <source>Refund requests</source>
            <translation>退款请求</translation>
        </message>
        <message>
            <source>Action</source>
            <translation>操作</translation>
        </message>
        <message>
            <source>This database has no approval_requests table.</source>
            <translation>此数据库没有 approval_requests 表。</translation>
        </message>
        <message>
            <source>invoice is %1, %2 refunded, %3 left</source>
            <translation>发票%1，已退款 %2，剩余 %3</translation>
        </message>
        <message>
            <source>invoice is %1</source>
            <translation>发票%1</translation>
        </message>
        <message>
            <source>%1 refunded: %2</source>
            <translation>已退款 %1：%2</translation>
        </message>
        <message>
            <source>Reviewing…</source>
            <translation>正在审核…</translation>
        </message>
        <message>
            <source>Review</source>
            <translation>审核</translation>
        </message>
        <message>
            <source>Open the refund form for invoice %1</source>
            <translation>打开发票 %1 的退款表单</translation>
        </message>
        <message>
            <source>Review request #%1 for invoice %2</source>
            <translation>审核发票 %2 的请求 #%1</translation>
        </message>
        <message>
            <source>Re-opening…</source>
            <translation>正在重新打开…</translation>
        </message>
        <message>
            <source>Re-open</source>
            <translation>重新打开</translation>
        </message>
        <message>
            <source>Put request #%1 back in the queue, to be reviewed again</source>
            <translation>把请求 #%1 放回队列，重新审核</translation>
        </message>
        <message>
            <source>Re-open request #%1 for invoice %2</source>
            <translation>重新打开发票 %2 的请求 #%1</translation>
        </message>
        <message>
            <source>&lt;b&gt;No refunds are waiting for approval.&lt;/b&gt;</source>
            <translation>&lt;b&gt;没有等待批准的退款。&lt;/b&gt;</translation>
        </message>
        <message numerus="yes">
            <source>&lt;b style='color:#e65100'&gt;%n refund(s) waiting for approval.&lt;/b&gt;</source>
            <translation>
                <numerusform>&lt;b style='color:#e65100'&gt;%n 笔退款等待批准。&lt;/b&gt;</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>BackupMenu</name>
        <message>
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;Back up now…</source>
            <translation>立即备份(&amp;B)…</translation>
        </message>
        <message>
            <source>&amp;Restore…</source>
            <translation>恢复(&amp;R)…</translation>
        </message>
        <message>
            <source>A remote office is backed up where it runs, by its operator (office-mcp backup on that machine).</source>
            <translation>远程办公室由其运维人员在它运行的机器上备份（在那台机器上运行 office-mcp backup）。</translation>
        </message>
        <message>
            <source>This office is in PostgreSQL: back it up where its database runs (office-mcp-pg backup, or pg_dump).</source>
            <translation>此办公室位于 PostgreSQL 中：请在其数据库运行的地方备份（office-mcp-pg backup 或 pg_dump）。</translation>
        </message>
        <message>
            <source>A copy of the office as it is now, taken while office-mcp keeps serving.</source>
            <translation>办公室当前状态的副本，备份期间 office-mcp 照常服务。</translation>
        </message>
        <message>
            <source>Put back the office from a backup; what it holds is shown first.</source>
            <translation>从备份恢复办公室；会先显示备份中的内容。</translation>
        </message>
        <message>
            <source>Back up the office to</source>
            <translation>将办公室备份到</translation>
        </message>
        <message>
            <source>Office backups (*.db)</source>
            <translation>办公室备份 (*.db)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有文件 (*)</translation>
        </message>
        <message>
            <source>Restore the office from</source>
            <translation>从以下文件恢复办公室</translation>
        </message>
        <message>
            <source>office-mcp crashed.</source>
            <translation>office-mcp 崩溃了。</translation>
        </message>
        <message>
            <source>office-mcp exited with code %1.</source>
            <translation>office-mcp 以代码 %1 退出。</translation>
        </message>
        <message>
            <source>%1 did not start (%2).</source>
            <translation>%1 未能启动（%2）。</translation>
        </message>
        <message>
            <source>Backing up the office to %1…</source>
            <translation>正在将办公室备份到 %1…</translation>
        </message>
        <message>
            <source>Backed up the office to %1.</source>
            <translation>已将办公室备份到 %1。</translation>
        </message>
        <message>
            <source>No backup was written.</source>
            <translation>未写入任何备份。</translation>
        </message>
        <message>
            <source>Backed up</source>
            <translation>已备份</translation>
        </message>
        <message>
            <source>The office is backed up to %1, with its key and tokens files beside it: keep them together, and private.</source>
            <translation>办公室已备份到 %1，其密钥文件和令牌文件就在旁边：请把它们放在一起，并妥善保密。</translation>
        </message>
        <message>
            <source>No backup</source>
            <translation>未备份</translation>
        </message>
        <message>
            <source>No backup was written:</source>
            <translation>未写入任何备份：</translation>
        </message>
        <message>
            <source>%1 cannot be restored.</source>
            <translation>%1 无法恢复。</translation>
        </message>
        <message>
            <source>Cannot restore</source>
            <translation>无法恢复</translation>
        </message>
        <message>
            <source>%1 cannot be restored; nothing was changed:</source>
            <translation>%1 无法恢复；没有做任何更改：</translation>
        </message>
        <message>
            <source>Restore the office</source>
            <translation>恢复办公室</translation>
        </message>
        <message>
            <source>%1 holds:</source>
            <translation>%1 包含：</translation>
        </message>
        <message>
            <source>Restore the office from it? The office in %1 is replaced; it is kept beside it as %2. The office-mcp of this desk is stopped and started again on the restored office.</source>
            <translation>要从此备份恢复办公室吗？%1 中的办公室将被替换，原办公室会以 %2 的名字保留在旁边。此桌面的 office-mcp 会先停止，再在恢复后的办公室上重新启动。</translation>
        </message>
        <message>
            <source>Close other programs that use this office first (an AI client's office-mcp): while one has it open, the restore is refused.</source>
            <translation>请先关闭使用此办公室的其他程序（例如 AI 客户端的 office-mcp）：只要有程序打开着它，恢复就会被拒绝。</translation>
        </message>
        <message>
            <source>Checking %1…</source>
            <translation>正在检查 %1…</translation>
        </message>
        <message>
            <source>Restoring the office from %1…</source>
            <translation>正在从 %1 恢复办公室…</translation>
        </message>
        <message>
            <source>The office was restored from %1.</source>
            <translation>已从 %1 恢复办公室。</translation>
        </message>
        <message>
            <source>Nothing was restored.</source>
            <translation>没有恢复任何内容。</translation>
        </message>
        <message>
            <source>Restored</source>
            <translation>已恢复</translation>
        </message>
        <message>
            <source>The office was restored from %1:</source>
            <translation>已从 %1 恢复办公室：</translation>
        </message>
        <message>
            <source>Not restored</source>
            <translation>未恢复</translation>
        </message>
        <message>
            <source>Nothing was restored; the office is unchanged:</source>
            <translation>没有恢复任何内容；办公室保持不变：</translation>
        </message>
        <message>
            <source>Stopping office-mcp to restore the office…</source>
            <translation>正在停止 office-mcp 以恢复办公室…</translation>
        </message>
    </context>
    <context>
        <name>ConnectPanel</name>
        <message>
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message>
            <source>Add this office to an AI assistant. The snippets use absolute paths to the office-mcp and database chosen above, so the assistant and this window see the same data.</source>
            <translation>把这个办公室添加到 AI 助手。下面的配置片段使用上方所选 office-mcp 和数据库的绝对路径，因此助手和本窗口看到的是同一份数据。</translation>
        </message>
        <message>
            <source>Client</source>
            <translation>客户端</translation>
        </message>
        <message>
            <source>Claude Desktop</source>
            <translation>Claude Desktop</translation>
        </message>
        <message>
            <source>Claude Code</source>
            <translation>Claude Code</translation>
        </message>
        <message>
            <source>VS Code</source>
            <translation>VS Code</translation>
        </message>
        <message>
            <source>Cursor</source>
            <translation>Cursor</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>已复制</translation>
        </message>
        <message>
            <source>Merge into &lt;code&gt;claude_desktop_config.json&lt;/code&gt; (Settings → Developer → Edit Config; on Linux &lt;code&gt;~/.config/Claude/claude_desktop_config.json&lt;/code&gt;), then restart Claude Desktop.</source>
            <translation>合并到 &lt;code&gt;claude_desktop_config.json&lt;/code&gt;（Settings → Developer → Edit Config；Linux 上是 &lt;code&gt;~/.config/Claude/claude_desktop_config.json&lt;/code&gt;），然后重启 Claude Desktop。</translation>
        </message>
        <message>
            <source>Run this command in a terminal; add &lt;code&gt;--scope user&lt;/code&gt; to use it in every project.</source>
            <translation>在终端中运行此命令；加上 &lt;code&gt;--scope user&lt;/code&gt; 可在所有项目中使用。</translation>
        </message>
        <message>
            <source>Save as &lt;code&gt;.vscode/mcp.json&lt;/code&gt; in the workspace (or run &lt;i&gt;MCP: Add Server&lt;/i&gt;).</source>
            <translation>在工作区中保存为 &lt;code&gt;.vscode/mcp.json&lt;/code&gt;（或运行 &lt;i&gt;MCP: Add Server&lt;/i&gt;）。</translation>
        </message>
        <message>
            <source>Merge into &lt;code&gt;~/.cursor/mcp.json&lt;/code&gt; (or &lt;code&gt;.cursor/mcp.json&lt;/code&gt; in a project).</source>
            <translation>合并到 &lt;code&gt;~/.cursor/mcp.json&lt;/code&gt;（或项目中的 &lt;code&gt;.cursor/mcp.json&lt;/code&gt;）。</translation>
        </message>
        <message>
            <source>From `office-mcp config %1`.</source>
            <translation>由 `office-mcp config %1` 生成。</translation>
        </message>
        <message>
            <source>Written by office-desk.</source>
            <translation>由 office-desk 生成。</translation>
        </message>
    </context>
    <context>
        <name>DatabaseView</name>
        <message>
            <source>Filter rows (any column contains…)</source>
            <translation>筛选行（任一列包含…）</translation>
        </message>
        <message>
            <source>Select a row to see all of it here.</source>
            <translation>选择一行，在这里查看完整内容。</translation>
        </message>
        <message>
            <source>office://%1 was not read</source>
            <translation>未读取 office://%1</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; · read through the server · refreshed %2</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; · 通过服务器读取 · 刷新于 %2</translation>
        </message>
        <message>
            <source>No database chosen.</source>
            <translation>尚未选择数据库。</translation>
        </message>
        <message>
            <source>no table %1</source>
            <translation>没有表 %1</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; · opened read-only · refreshed %2</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; · 以只读方式打开 · 刷新于 %2</translation>
        </message>
        <message>
            <source>Changed since the previous refresh</source>
            <translation>自上次刷新以来有变化</translation>
        </message>
        <message numerus="yes">
            <source>%n row(s)</source>
            <translation>
                <numerusform>%n 行</numerusform>
            </translation>
        </message>
        <message>
            <source>Add customer…</source>
            <translation>添加客户…</translation>
        </message>
        <message>
            <source>Edit customer…</source>
            <translation>编辑客户…</translation>
        </message>
        <message>
            <source>Remove customer…</source>
            <translation>删除客户…</translation>
        </message>
        <message>
            <source>Add invoice…</source>
            <translation>添加发票…</translation>
        </message>
        <message>
            <source>Mark paid…</source>
            <translation>标记为已付…</translation>
        </message>
        <message>
            <source>Add menu item…</source>
            <translation>添加菜品…</translation>
        </message>
        <message>
            <source>Remove menu item…</source>
            <translation>移除菜品…</translation>
        </message>
        <message>
            <source>Customers</source>
            <comment>a table's tab</comment>
            <translation>客户</translation>
        </message>
        <message>
            <source>Slots</source>
            <comment>a table's tab: appointment slots</comment>
            <translation>预约时段</translation>
        </message>
        <message>
            <source>Invoices</source>
            <comment>a table's tab</comment>
            <translation>发票</translation>
        </message>
        <message>
            <source>Refunds</source>
            <comment>a table's tab</comment>
            <translation>退款</translation>
        </message>
        <message>
            <source>Lunch orders</source>
            <comment>a table's tab</comment>
            <translation>午餐订单</translation>
        </message>
        <message>
            <source>Approval requests</source>
            <comment>a table's tab</comment>
            <translation>审批请求</translation>
        </message>
        <message>
            <source>Audit</source>
            <comment>a table's tab: who changed what</comment>
            <translation>审计</translation>
        </message>
        <message>
            <source>Menu</source>
            <comment>a table's tab: the lunch menu</comment>
            <translation>菜单</translation>
        </message>
        <message>
            <source>ID</source>
            <translation>编号</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>姓名</translation>
        </message>
        <message>
            <source>Email</source>
            <translation>电子邮件</translation>
        </message>
        <message>
            <source>Day</source>
            <translation>日期</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <source>Customer ID</source>
            <translation>客户编号</translation>
        </message>
        <message>
            <source>Booked at</source>
            <translation>预约于</translation>
        </message>
        <message>
            <source>Booked by</source>
            <translation>预约方</translation>
        </message>
        <message>
            <source>Customer</source>
            <translation>客户</translation>
        </message>
        <message>
            <source>Amount</source>
            <translation>金额</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>Refunded</source>
            <translation>已退款</translation>
        </message>
        <message>
            <source>Left</source>
            <translation>剩余</translation>
        </message>
        <message>
            <source>Invoice ID</source>
            <translation>发票编号</translation>
        </message>
        <message>
            <source>Reason</source>
            <translation>原因</translation>
        </message>
        <message>
            <source>Approved via</source>
            <translation>批准方式</translation>
        </message>
        <message>
            <source>Client</source>
            <translation>MCP 客户端</translation>
        </message>
        <message>
            <source>Created at</source>
            <translation>创建于</translation>
        </message>
        <message>
            <source>Request ID</source>
            <translation>请求编号</translation>
        </message>
        <message>
            <source>Requested by</source>
            <translation>申请方</translation>
        </message>
        <message>
            <source>Item</source>
            <translation>菜品</translation>
        </message>
        <message>
            <source>Quantity</source>
            <translation>数量</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>备注</translation>
        </message>
        <message>
            <source>Decided at</source>
            <translation>决定于</translation>
        </message>
        <message>
            <source>Decided by</source>
            <translation>决定人</translation>
        </message>
        <message>
            <source>Reported at</source>
            <translation>通知于</translation>
        </message>
        <message>
            <source>Task</source>
            <translation>任务</translation>
        </message>
        <message>
            <source>When</source>
            <translation>时间</translation>
        </message>
        <message>
            <source>Client version</source>
            <translation>客户端版本</translation>
        </message>
        <message>
            <source>Era</source>
            <translation>协议时代</translation>
        </message>
        <message>
            <source>Protocol</source>
            <translation>协议</translation>
        </message>
        <message>
            <source>Action</source>
            <translation>操作</translation>
        </message>
        <message>
            <source>Subject</source>
            <translation>对象</translation>
        </message>
        <message>
            <source>Subject ID</source>
            <translation>对象编号</translation>
        </message>
        <message>
            <source>Detail</source>
            <translation>详情</translation>
        </message>
        <message>
            <source>Person</source>
            <translation>人员</translation>
        </message>
        <message>
            <source>Price</source>
            <translation>价格</translation>
        </message>
        <message>
            <source>Trace ID</source>
            <translation>追踪编号</translation>
        </message>
        <message>
            <source>Span ID</source>
            <translation>跨度编号</translation>
        </message>
        <message>
            <source>open</source>
            <comment>an invoice not yet paid</comment>
            <translation>未付</translation>
        </message>
        <message>
            <source>paid</source>
            <comment>an invoice</comment>
            <translation>已付</translation>
        </message>
        <message>
            <source>refunded</source>
            <comment>an invoice refunded in full</comment>
            <translation>已退款</translation>
        </message>
        <message>
            <source>pending</source>
            <comment>an approval request waiting for a person</comment>
            <translation>待处理</translation>
        </message>
        <message>
            <source>approved</source>
            <comment>an approval request</comment>
            <translation>已批准</translation>
        </message>
        <message>
            <source>declined</source>
            <comment>an approval request</comment>
            <translation>已拒绝</translation>
        </message>
        <message>
            <source>withdrawn</source>
            <comment>an approval request its AI client took back</comment>
            <translation>已撤回</translation>
        </message>
        <message>
            <source>cancelled</source>
            <comment>an approval request</comment>
            <translation>已取消</translation>
        </message>
        <message>
            <source>modern</source>
            <comment>the 2026-07-28 protocol era</comment>
            <translation>新版</translation>
        </message>
        <message>
            <source>legacy</source>
            <comment>the 2025-11-25 protocol era</comment>
            <translation>旧版</translation>
        </message>
        <message>
            <source>command</source>
            <comment>a change made with an office-mcp command</comment>
            <translation>命令</translation>
        </message>
        <message>
            <source>slot booked</source>
            <comment>an audit action</comment>
            <translation>预约时段</translation>
        </message>
        <message>
            <source>lunch ordered</source>
            <comment>an audit action</comment>
            <translation>订午餐</translation>
        </message>
        <message>
            <source>refund issued</source>
            <comment>an audit action</comment>
            <translation>退款</translation>
        </message>
        <message>
            <source>refund queued</source>
            <comment>an audit action</comment>
            <translation>退款待审批</translation>
        </message>
        <message>
            <source>refund declined</source>
            <comment>an audit action</comment>
            <translation>退款被拒绝</translation>
        </message>
        <message>
            <source>refund re-opened</source>
            <comment>an audit action</comment>
            <translation>退款重新打开</translation>
        </message>
        <message>
            <source>refund withdrawn</source>
            <comment>an audit action</comment>
            <translation>退款被撤回</translation>
        </message>
        <message>
            <source>customer added</source>
            <comment>an audit action</comment>
            <translation>添加客户</translation>
        </message>
        <message>
            <source>customer edited</source>
            <comment>an audit action</comment>
            <translation>编辑客户</translation>
        </message>
        <message>
            <source>customer removed</source>
            <comment>an audit action</comment>
            <translation>删除客户</translation>
        </message>
        <message>
            <source>customers imported</source>
            <comment>an audit action</comment>
            <translation>导入客户</translation>
        </message>
        <message>
            <source>invoice added</source>
            <comment>an audit action</comment>
            <translation>添加发票</translation>
        </message>
        <message>
            <source>invoice paid</source>
            <comment>an audit action</comment>
            <translation>发票已付</translation>
        </message>
        <message>
            <source>menu item added</source>
            <comment>an audit action</comment>
            <translation>添加菜品</translation>
        </message>
        <message>
            <source>menu item removed</source>
            <comment>an audit action</comment>
            <translation>移除菜品</translation>
        </message>
        <message>
            <source>customer</source>
            <comment>what an audit row is about</comment>
            <translation>客户</translation>
        </message>
        <message>
            <source>invoice</source>
            <comment>what an audit row is about</comment>
            <translation>发票</translation>
        </message>
        <message>
            <source>slot</source>
            <comment>what an audit row is about</comment>
            <translation>时段</translation>
        </message>
        <message>
            <source>lunch order</source>
            <comment>what an audit row is about</comment>
            <translation>午餐订单</translation>
        </message>
        <message>
            <source>menu item</source>
            <comment>what an audit row is about</comment>
            <translation>菜品</translation>
        </message>
        <message>
            <source>approval request</source>
            <comment>what an audit row is about</comment>
            <translation>审批请求</translation>
        </message>
        <message>
            <source>refund</source>
            <comment>what an audit row is about</comment>
            <translation>退款</translation>
        </message>
        <message>
            <source>Select a row first.</source>
            <translation>请先选择一行。</translation>
        </message>
        <message>
            <source>Only an open invoice can be marked paid.</source>
            <translation>只有未付的发票才能标记为已付。</translation>
        </message>
        <message>
            <source>Starts at</source>
            <translation>开始于</translation>
        </message>
        <message>
            <source>booking cancelled</source>
            <comment>an audit action</comment>
            <translation>预约已取消</translation>
        </message>
        <message>
            <source>booking moved</source>
            <comment>an audit action</comment>
            <translation>预约已改期</translation>
        </message>
        <message>
            <source>office changed</source>
            <comment>an audit action</comment>
            <translation>办公室已更改</translation>
        </message>
        <message>
            <source>hours set</source>
            <comment>an audit action</comment>
            <translation>营业时间已设置</translation>
        </message>
        <message>
            <source>days closed</source>
            <comment>an audit action</comment>
            <translation>已设休息日</translation>
        </message>
        <message>
            <source>day opened</source>
            <comment>an audit action</comment>
            <translation>已恢复营业日</translation>
        </message>
    </context>
    <context>
        <name>DeskLanguage</name>
        <message>
            <source>&amp;Language</source>
            <translation>语言(&amp;L)</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>语言</translation>
        </message>
        <message>
            <source>office-desk will speak %1 the next time it starts.</source>
            <translation>office-desk 下次启动时将使用%1。</translation>
        </message>
        <message>
            <source>The system's language</source>
            <translation>系统语言</translation>
        </message>
    </context>
    <context>
        <name>DeskSettings</name>
        <message>
            <source>%1 could not be started: %2</source>
            <translation>无法启动 %1：%2</translation>
        </message>
        <message>
            <source>%1 did not answer "db path" within %2 seconds</source>
            <translation>%1 在 %2 秒内没有回应“db path”</translation>
        </message>
        <message>
            <source>%1 db path failed (exit status %2)%3</source>
            <translation>%1 db path 失败（退出状态 %2）%3</translation>
        </message>
        <message>
            <source>%1 db path printed nothing</source>
            <translation>%1 db path 没有输出任何内容</translation>
        </message>
    </context>
    <context>
        <name>ElicitationDialog</name>
        <message>
            <source>The server</source>
            <translation>服务器</translation>
        </message>
        <message>
            <source>Refund for invoice %1</source>
            <translation>发票 %1 的退款</translation>
        </message>
        <message>
            <source>%1 asks</source>
            <translation>%1 的请求</translation>
        </message>
        <message>
            <source>&lt;b&gt;A refund needs your approval&lt;/b&gt;</source>
            <translation>&lt;b&gt;有一笔退款需要您批准&lt;/b&gt;</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; asks for your input</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; 需要您提供信息</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; asks for your input to run &lt;code&gt;%2&lt;/code&gt;</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; 需要您提供信息以运行 &lt;code&gt;%2&lt;/code&gt;</translation>
        </message>
        <message>
            <source>an elicitation/create request (2025-11-25 session)</source>
            <translation>elicitation/create 请求（2025-11-25 会话）</translation>
        </message>
        <message>
            <source>an input_required result (2026-07-28; the call is retried with the answer)</source>
            <translation>input_required 结果（2026-07-28；调用会带着回答重试）</translation>
        </message>
        <message>
            <source>Details: %1 asked through %2.</source>
            <translation>详情：%1 通过%2提出请求。</translation>
        </message>
        <message>
            <source>Details: %1 asked for %2 through %3.</source>
            <translation>详情：%1 为 %2 通过%3提出请求。</translation>
        </message>
        <message>
            <source>Accept</source>
            <translation>接受</translation>
        </message>
        <message>
            <source>Decline</source>
            <translation>拒绝</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Send the values above to the server</source>
            <translation>把上面的内容发送给服务器</translation>
        </message>
        <message>
            <source>Say no: the server is told the request was declined</source>
            <translation>拒绝：服务器会收到请求被拒绝的通知</translation>
        </message>
        <message>
            <source>Dismiss without deciding</source>
            <translation>关闭，不做决定</translation>
        </message>
        <message>
            <source>The question</source>
            <translation>问题</translation>
        </message>
        <message>
            <source>What keeps the answer from being accepted</source>
            <translation>导致无法接受的原因</translation>
        </message>
        <message>
            <source>Answer</source>
            <translation>回答</translation>
        </message>
        <message>
            <source>To accept: %1.</source>
            <translation>要接受，请先处理：%1。</translation>
        </message>
        <message>
            <source>; </source>
            <comment>between two problems in a list</comment>
            <translation>；</translation>
        </message>
    </context>
    <context>
        <name>FirstOffice</name>
        <message>
            <source>%1 could not be started: %2</source>
            <translation>无法启动 %1：%2</translation>
        </message>
        <message>
            <source>%1 db init did not finish within %2 seconds</source>
            <translation>%1 db init 未在 %2 秒内完成</translation>
        </message>
        <message>
            <source>%1 db init failed (exit code %2)</source>
            <translation>%1 db init 失败（退出码 %2）</translation>
        </message>
    </context>
    <context>
        <name>FirstOfficeDialog</name>
        <message>
            <source>The demo office, to look around</source>
            <translation>演示办公室，随便看看</translation>
        </message>
        <message>
            <source>My own office, empty</source>
            <translation>我自己的办公室（空）</translation>
        </message>
        <message>
            <source>Welcome to office-desk</source>
            <translation>欢迎使用 office-desk</translation>
        </message>
        <message>
            <source>&lt;b&gt;Which office do you want to work with?&lt;/b&gt;</source>
            <translation>&lt;b&gt;您想使用哪个办公室？&lt;/b&gt;</translation>
        </message>
        <message>
            <source>There is no office on this computer yet. office-desk will create it in %1.</source>
            <translation>这台计算机上还没有办公室。office-desk 将在 %1 创建它。</translation>
        </message>
        <message>
            <source>Three customers, four invoices, a few appointment slots and a lunch menu, made up to try every tool.</source>
            <translation>三位客户、四张发票、几个预约时段和一份午餐菜单，都是虚构的，用来试用每个工具。</translation>
        </message>
        <message>
            <source>No customers, invoices, slots or menu: add your own in the Database tab, or import your customers with office-mcp customers import FILE.csv.</source>
            <translation>没有客户、发票、时段或菜单：在“数据库”标签页中添加您自己的，或用 office-mcp customers import 文件.csv 导入客户。</translation>
        </message>
        <message>
            <source>Create the office</source>
            <translation>创建办公室</translation>
        </message>
        <message>
            <source>You can switch later with the Office menu, or &lt;code&gt;office-mcp db reset --empty&lt;/code&gt; (or &lt;code&gt;--demo&lt;/code&gt;): either replaces the office, and everything in it is lost.</source>
            <translation>以后可以通过“办公室”菜单切换，或使用 &lt;code&gt;office-mcp db reset --empty&lt;/code&gt;（或 &lt;code&gt;--demo&lt;/code&gt;）：两者都会替换办公室，其中的一切都会丢失。</translation>
        </message>
    </context>
    <context>
        <name>HttpTransport</name>
        <message>
            <source>the office closed the stream (HTTP %1)</source>
            <translation>办公室关闭了数据流（HTTP %1）</translation>
        </message>
        <message>
            <source>The office at %1 could not be reached: %2.</source>
            <translation>无法连接位于 %1 的办公室：%2。</translation>
        </message>
        <message>
            <source>The office at %1 refused the connection: it needs a token.</source>
            <translation>位于 %1 的办公室拒绝了连接：需要令牌。</translation>
        </message>
        <message>
            <source>The office refused the token (HTTP %1). Check the token in the server settings.</source>
            <translation>办公室拒绝了令牌（HTTP %1）。请在服务器设置中检查令牌。</translation>
        </message>
        <message>
            <source>The office at %1 answered HTTP %2: %3</source>
            <translation>位于 %1 的办公室返回 HTTP %2：%3</translation>
        </message>
    </context>
    <context>
        <name>LocalNumbers</name>
        <message>
            <source>must be a number</source>
            <translation>必须是数字</translation>
        </message>
        <message>
            <source>is ambiguous: %1 could mean %2 or %3</source>
            <translation>有歧义：%1 可能是 %2，也可能是 %3</translation>
        </message>
        <message>
            <source>must have at most two decimals</source>
            <translation>最多两位小数</translation>
        </message>
        <message>
            <source>is too large</source>
            <translation>太大</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>Activity</source>
            <translation>活动</translation>
        </message>
        <message>
            <source>From %1, read every 5 s.</source>
            <translation>来自 %1，每 5 秒读取一次。</translation>
        </message>
        <message>
            <source>From office-mcp's log on this computer.</source>
            <translation>来自本机 office-mcp 的日志。</translation>
        </message>
        <message>
            <source>office-desk</source>
            <translation>office-desk</translation>
        </message>
        <message>
            <source>Database</source>
            <translation>数据库</translation>
        </message>
        <message>
            <source>Traffic</source>
            <translation>通信</translation>
        </message>
        <message>
            <source>Server log</source>
            <translation>服务器日志</translation>
        </message>
        <message>
            <source>Connect a client</source>
            <translation>连接客户端</translation>
        </message>
        <message>
            <source>Approval queue</source>
            <translation>审批队列</translation>
        </message>
        <message>
            <source>
— office-mcp crashed —
</source>
            <translation>
— office-mcp 崩溃了 —
</translation>
        </message>
        <message>
            <source>
— office-mcp exited with code %1 —
</source>
            <translation>
— office-mcp 已退出，代码 %1 —
</translation>
        </message>
        <message>
            <source>The server withdrew its question.</source>
            <translation>服务器撤回了问题。</translation>
        </message>
        <message>
            <source>Could not ask office-mcp for its database (%1). Choose one in the server settings.</source>
            <translation>无法向 office-mcp 查询其数据库（%1）。请在服务器设置中选择一个。</translation>
        </message>
        <message>
            <source>Connecting to %1…</source>
            <translation>正在连接 %1…</translation>
        </message>
        <message>
            <source>Restarting office-mcp with the new settings…</source>
            <translation>正在用新设置重启 office-mcp…</translation>
        </message>
        <message>
            <source>Re-open runs `office-mcp approvals reopen` on the office's machine; a remote office offers no tool for it.</source>
            <translation>重新打开需要在办公室所在的机器上运行 `office-mcp approvals reopen`；远程办公室没有提供相应的工具。</translation>
        </message>
        <message>
            <source>Not connected to %1.</source>
            <translation>未连接到 %1。</translation>
        </message>
        <message>
            <source>office-mcp is not running.</source>
            <translation>office-mcp 未在运行。</translation>
        </message>
        <message>
            <source>Not connected.</source>
            <translation>未连接。</translation>
        </message>
        <message>
            <source>This office does not offer its tables as resources (an office-mcp older than this desk).</source>
            <translation>此办公室没有以资源形式提供数据表（其 office-mcp 比本程序旧）。</translation>
        </message>
        <message>
            <source>This office does not offer its approval queue as a resource.</source>
            <translation>此办公室没有以资源形式提供审批队列。</translation>
        </message>
        <message>
            <source>live</source>
            <translation>实时</translation>
        </message>
        <message>
            <source>polled every %1 s</source>
            <translation>每 %1 秒轮询</translation>
        </message>
        <message>
            <source>%1 · %2</source>
            <translation>%1 · %2</translation>
        </message>
        <message>
            <source>connecting to %1…</source>
            <translation>正在连接 %1…</translation>
        </message>
        <message>
            <source>starting…</source>
            <translation>正在启动…</translation>
        </message>
        <message>
            <source>stopping…</source>
            <translation>正在停止…</translation>
        </message>
        <message>
            <source>not connected</source>
            <translation>未连接</translation>
        </message>
        <message>
            <source>not started</source>
            <translation>未启动</translation>
        </message>
        <message>
            <source>crashed</source>
            <translation>已崩溃</translation>
        </message>
        <message>
            <source>stopped · exit code %1</source>
            <translation>已停止 · 退出代码 %1</translation>
        </message>
        <message>
            <source>Connect to the office to review requests.</source>
            <translation>连接到办公室后才能审核请求。</translation>
        </message>
        <message>
            <source>Start office-mcp to review requests.</source>
            <translation>启动 office-mcp 后才能审核请求。</translation>
        </message>
        <message>
            <source>The current profile hides issue_refund.</source>
            <translation>当前配置文件隐藏了 issue_refund。</translation>
        </message>
        <message>
            <source>Turn on Forms (elicitation) to review requests here.</source>
            <translation>请打开“表单（elicitation）”以便在此审核请求。</translation>
        </message>
        <message>
            <source>Reviewing the refund of invoice %1…</source>
            <translation>正在审核发票 %1 的退款…</translation>
        </message>
        <message>
            <source>Request #%1 is waiting again.</source>
            <translation>请求 #%1 已重新等待处理。</translation>
        </message>
        <message>
            <source>Request #%1 was not re-opened (office-mcp exited with code %2).</source>
            <translation>请求 #%1 未能重新打开（office-mcp 退出，代码 %2）。</translation>
        </message>
        <message>
            <source>Request #%1 was not re-opened: %2 did not start (%3).</source>
            <translation>请求 #%1 未能重新打开：%2 无法启动（%3）。</translation>
        </message>
        <message>
            <source>Invoice %1: %2</source>
            <translation>发票 %1：%2</translation>
        </message>
        <message>
            <source>Approval queue (%1 waiting)</source>
            <translation>审批队列（%1 个待处理）</translation>
        </message>
        <message>
            <source>(%1) office-desk</source>
            <translation>(%1) office-desk</translation>
        </message>
        <message numerus="yes">
            <source>office-desk: %n refund(s) waiting for approval</source>
            <translation>
                <numerusform>office-desk：%n 笔退款等待批准</numerusform>
            </translation>
        </message>
        <message>
            <source>A refund waits for approval</source>
            <translation>有退款等待批准</translation>
        </message>
        <message numerus="yes">
            <source>%n refund request(s) waiting in office-desk.</source>
            <translation>
                <numerusform>%n 个退款请求正在 office-desk 中等待。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>connected · %1 %2 · %3 · %4 · %n tool(s)</source>
            <translation>
                <numerusform>已连接 · %1 %2 · %3 · %4 · %n 个工具</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>running · %1 %2 · %3 · pid %4 · %n tool(s)</source>
            <translation>
                <numerusform>运行中 · %1 %2 · %3 · pid %4 · %n 个工具</numerusform>
            </translation>
        </message>
        <message>
            <source>Finish signing in in your web browser; office-desk connects when you are done.</source>
            <translation>请在网页浏览器中完成登录；完成后 office-desk 会自动连接。</translation>
        </message>
        <message>
            <source>Signed in as %1.</source>
            <translation>已以 %1 的身份登录。</translation>
        </message>
        <message>
            <source>&amp;Office</source>
            <translation>办公室(&amp;O)</translation>
        </message>
        <message>
            <source>Replace with the demo office</source>
            <translation>替换为演示办公室</translation>
        </message>
        <message>
            <source>Replace with an empty office</source>
            <translation>替换为空办公室</translation>
        </message>
        <message>
            <source>Replace the office in %1 with the demo office? Everything in it now (customers, invoices, bookings, refunds, the audit) is lost.</source>
            <translation>要把 %1 中的办公室替换为演示办公室吗？其中现有的一切（客户、发票、预约、退款、审计记录）都会丢失。</translation>
        </message>
        <message>
            <source>Replace the office in %1 with an empty one? Everything in it now (customers, invoices, bookings, refunds, the audit) is lost.</source>
            <translation>要把 %1 中的办公室替换为空办公室吗？其中现有的一切（客户、发票、预约、退款、审计记录）都会丢失。</translation>
        </message>
        <message>
            <source>Replace the office</source>
            <translation>替换办公室</translation>
        </message>
        <message>
            <source>Replace with an empty office…</source>
            <translation>替换为空办公室…</translation>
        </message>
        <message>
            <source>Replace with the demo office…</source>
            <translation>替换为演示办公室…</translation>
        </message>
        <message>
            <source>The office is the demo office again.</source>
            <translation>办公室已恢复为演示办公室。</translation>
        </message>
        <message>
            <source>The office is empty now: yours to fill.</source>
            <translation>办公室现在是空的：由您来填写。</translation>
        </message>
        <message>
            <source>The office was not replaced: %1</source>
            <translation>办公室未被替换：%1</translation>
        </message>
        <message>
            <source>office-mcp exited with code %1</source>
            <translation>office-mcp 以代码 %1 退出</translation>
        </message>
        <message>
            <source>The office was not replaced: %1 did not start (%2).</source>
            <translation>办公室未被替换：%1 未能启动（%2）。</translation>
        </message>
        <message>
            <source>Calendar</source>
            <translation>日历</translation>
        </message>
        <message>
            <source>This office does not offer its calendar (an office-mcp older than this desk).</source>
            <translation>此办公室不提供其日历（office-mcp 版本早于此桌面程序）。</translation>
        </message>
    </context>
    <context>
        <name>McpCallResult</name>
        <message>
            <source>JSON-RPC error %1: %2</source>
            <translation>JSON-RPC 错误 %1：%2</translation>
        </message>
        <message>
            <source>Link: %1 (%2)</source>
            <translation>链接：%1（%2）</translation>
        </message>
        <message>
            <source>[%1 content]</source>
            <translation>[%1 内容]</translation>
        </message>
    </context>
    <context>
        <name>McpClient</name>
        <message>
            <source>The subscription ended: %1.</source>
            <translation>订阅已结束：%1。</translation>
        </message>
        <message>
            <source>Could not start %1: %2</source>
            <translation>无法启动 %1：%2</translation>
        </message>
        <message>
            <source>office-mcp could not be started.</source>
            <translation>无法启动 office-mcp。</translation>
        </message>
        <message>
            <source>"%1" is not an office address; it looks like http://host:port/mcp.</source>
            <translation>“%1”不是办公室地址；地址形如 http://host:port/mcp。</translation>
        </message>
        <message>
            <source>No office-mcp program is set.</source>
            <translation>尚未设置 office-mcp 程序。</translation>
        </message>
        <message>
            <source>Disconnected from the office before it answered.</source>
            <translation>办公室回应之前连接已断开。</translation>
        </message>
        <message>
            <source>initialize was refused: %1</source>
            <translation>initialize 被拒绝：%1</translation>
        </message>
        <message>
            <source>The office ended the subscription.</source>
            <translation>办公室结束了订阅。</translation>
        </message>
        <message>
            <source>office-mcp crashed before answering.</source>
            <translation>office-mcp 在回应前崩溃了。</translation>
        </message>
        <message>
            <source>office-mcp exited (code %1) before answering.</source>
            <translation>office-mcp 在回应前退出（代码 %1）。</translation>
        </message>
        <message>
            <source>office-mcp is not running.</source>
            <translation>office-mcp 未在运行。</translation>
        </message>
        <message>
            <source>office-mcp is not running; the answer could not be sent.</source>
            <translation>office-mcp 未在运行；无法发送回答。</translation>
        </message>
        <message>
            <source>The server asked for %1, which office-desk does not offer.</source>
            <translation>服务器请求了 %1，但 office-desk 不提供该功能。</translation>
        </message>
        <message>
            <source>Not connected to an office.</source>
            <translation>未连接到任何办公室。</translation>
        </message>
        <message>
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <source>office://%1 did not hold a page of JSON rows.</source>
            <translation>office://%1 中没有 JSON 行数据页。</translation>
        </message>
        <message>
            <source>office://%1 changed its columns between pages.</source>
            <translation>office://%1 在分页之间改变了列。</translation>
        </message>
        <message>
            <source>office://%1 gave a next page that cannot be followed: %2</source>
            <translation>office://%1 给出的下一页无法读取：%2</translation>
        </message>
    </context>
    <context>
        <name>MetricsFeed</name>
        <message>
            <source>The office refused to show its figures to this token (HTTP %1).</source>
            <translation>办公室拒绝向此令牌显示其数据（HTTP %1）。</translation>
        </message>
        <message>
            <source>The office answered HTTP %1 for %2.</source>
            <translation>办公室对 %2 的回答是 HTTP %1。</translation>
        </message>
        <message>
            <source>The office's figures could not be read: %1</source>
            <translation>无法读取办公室的数据：%1</translation>
        </message>
    </context>
    <context>
        <name>OAuthSignIn</name>
        <message>
            <source>The office at %1 names no service to sign in with.</source>
            <translation>位于 %1 的办公室没有指明可用于登录的服务。</translation>
        </message>
        <message>
            <source>%1 publishes no authorization server metadata: %2</source>
            <translation>%1 没有发布授权服务器元数据：%2</translation>
        </message>
        <message>
            <source>The metadata of %1 names another issuer (%2); office-desk does not sign in there.</source>
            <translation>%1 的元数据指明了另一个签发者（%2）；office-desk 不会在那里登录。</translation>
        </message>
        <message>
            <source>The metadata of %1 names no authorization or token endpoint.</source>
            <translation>%1 的元数据没有指明授权端点或令牌端点。</translation>
        </message>
        <message>
            <source>%1 does not offer PKCE with S256, which office-desk requires.</source>
            <translation>%1 不支持 office-desk 所要求的 S256 PKCE。</translation>
        </message>
        <message>
            <source>%1 does not let office-desk register itself; ask for a token instead.</source>
            <translation>%1 不允许 office-desk 自行注册；请改为索取一个令牌。</translation>
        </message>
        <message>
            <source>%1 did not register office-desk: %2</source>
            <translation>%1 未能注册 office-desk：%2</translation>
        </message>
        <message>
            <source>office-desk could not listen on 127.0.0.1 for the browser's answer.</source>
            <translation>office-desk 无法在 127.0.0.1 上监听浏览器的应答。</translation>
        </message>
        <message>
            <source>office-desk has your sign-in. You can close this page.</source>
            <translation>office-desk 已收到您的登录。您可以关闭此页面。</translation>
        </message>
        <message>
            <source>The answer to the sign-in did not come from %1; it was ignored.</source>
            <translation>登录的应答并非来自 %1；已忽略。</translation>
        </message>
        <message>
            <source>No web browser could be opened. Open this address yourself: %1</source>
            <translation>无法打开网页浏览器。请自行打开此地址：%1</translation>
        </message>
        <message>
            <source>%1 did not sign you in: %2</source>
            <translation>%1 未能让您登录：%2</translation>
        </message>
        <message>
            <source>%1 gave office-desk no token: %2</source>
            <translation>%1 没有给 office-desk 令牌：%2</translation>
        </message>
        <message>
            <source>The sign-in to %1 has ended (%2). Sign in again.</source>
            <translation>在 %1 的登录已结束（%2）。请重新登录。</translation>
        </message>
        <message>
            <source>The access token could not be refreshed: %1</source>
            <translation>无法刷新访问令牌：%1</translation>
        </message>
    </context>
    <context>
        <name>OfficeFeed</name>
        <message>
            <source>This office's profile does not show %1.</source>
            <translation>此办公室的配置文件不显示 %1。</translation>
        </message>
    </context>
    <context>
        <name>RecordDialog</name>
        <message>
            <source>Customer ID</source>
            <translation>客户编号</translation>
        </message>
        <message>
            <source>Invoice ID</source>
            <translation>发票编号</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>姓名</translation>
        </message>
        <message>
            <source>Email</source>
            <translation>电子邮件</translation>
        </message>
        <message>
            <source>Amount</source>
            <translation>金额</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>Item</source>
            <translation>菜品</translation>
        </message>
        <message>
            <source>Price</source>
            <translation>价格</translation>
        </message>
        <message>
            <source>Add a customer</source>
            <translation>添加客户</translation>
        </message>
        <message>
            <source>Edit a customer</source>
            <translation>编辑客户</translation>
        </message>
        <message>
            <source>Remove a customer</source>
            <translation>删除客户</translation>
        </message>
        <message>
            <source>Add an invoice</source>
            <translation>添加发票</translation>
        </message>
        <message>
            <source>Mark an invoice paid</source>
            <translation>将发票标记为已付</translation>
        </message>
        <message>
            <source>Add to the menu</source>
            <translation>添加到菜单</translation>
        </message>
        <message>
            <source>Remove from the menu</source>
            <translation>从菜单移除</translation>
        </message>
        <message>
            <source>A new customer of the office: their name and email address. An email that is already a customer's is refused.</source>
            <translation>办公室的新客户：姓名和电子邮件地址。已属于某位客户的电子邮件会被拒绝。</translation>
        </message>
        <message>
            <source>Change the name or email address of customer %1.</source>
            <translation>修改客户 %1 的姓名或电子邮件地址。</translation>
        </message>
        <message>
            <source>Remove customer %1 from the office? The office refuses while the customer has invoices or bookings.</source>
            <translation>要从办公室删除客户 %1 吗？客户仍有发票或预约时，办公室会拒绝。</translation>
        </message>
        <message>
            <source>A new invoice for a customer. Write the amount as on the invoice, with a point and at most two decimals (1234.56).</source>
            <translation>为客户新建发票。按发票上的金额填写，使用小数点，最多两位小数（1234.56）。</translation>
        </message>
        <message>
            <source>Mark invoice %1 paid?</source>
            <translation>将发票 %1 标记为已付？</translation>
        </message>
        <message>
            <source>A new item on the lunch menu that AI clients order from, with its price if it has one (4.50).</source>
            <translation>AI 客户端点餐所用午餐菜单上的新菜品，如有价格请一并填写（4.50）。</translation>
        </message>
        <message>
            <source>Take %1 off the lunch menu? Orders already made keep it.</source>
            <translation>要把 %1 从午餐菜单移除吗？已下的订单会保留它。</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>删除</translation>
        </message>
        <message>
            <source>Mark paid</source>
            <translation>标记为已付</translation>
        </message>
        <message>
            <source>Add</source>
            <translation>添加</translation>
        </message>
        <message>
            <source>Save</source>
            <translation>保存</translation>
        </message>
        <message>
            <source>open</source>
            <comment>an invoice not yet paid</comment>
            <translation>未付</translation>
        </message>
        <message>
            <source>paid</source>
            <comment>an invoice</comment>
            <translation>已付</translation>
        </message>
        <message>
            <source>Why the office refused</source>
            <translation>办公室拒绝的原因</translation>
        </message>
        <message>
            <source>Saving…</source>
            <translation>正在保存…</translation>
        </message>
        <message>
            <source>To save: %1.</source>
            <translation>要保存：%1。</translation>
        </message>
        <message>
            <source>; </source>
            <comment>between two problems in a list</comment>
            <translation>；</translation>
        </message>
        <message>
            <source>Slot</source>
            <translation>时段</translation>
        </message>
        <message>
            <source>New slot</source>
            <translation>新时段</translation>
        </message>
        <message>
            <source>Time zone</source>
            <translation>时区</translation>
        </message>
        <message>
            <source>Bookings up to (days ahead)</source>
            <translation>最多提前预约（天）</translation>
        </message>
        <message>
            <source>Weekdays</source>
            <translation>星期</translation>
        </message>
        <message>
            <source>Hours</source>
            <translation>时间</translation>
        </message>
        <message>
            <source>Slot length (minutes)</source>
            <translation>时段长度（分钟）</translation>
        </message>
        <message>
            <source>From</source>
            <translation>从</translation>
        </message>
        <message>
            <source>To</source>
            <translation>到</translation>
        </message>
        <message>
            <source>Reason</source>
            <translation>原因</translation>
        </message>
        <message>
            <source>Day</source>
            <translation>日期</translation>
        </message>
        <message>
            <source>Cancel a booking</source>
            <translation>取消预约</translation>
        </message>
        <message>
            <source>Move a booking</source>
            <translation>改期预约</translation>
        </message>
        <message>
            <source>Opening hours</source>
            <translation>营业时间</translation>
        </message>
        <message>
            <source>Close the office</source>
            <translation>办公室休息</translation>
        </message>
        <message>
            <source>Open a closed day</source>
            <translation>恢复营业日</translation>
        </message>
        <message>
            <source>The office's time zone and name</source>
            <translation>办公室的时区和名称</translation>
        </message>
        <message>
            <source>Cancel the booking of slot %1? The slot is offered again.</source>
            <translation>取消时段 %1 的预约吗？该时段将重新开放。</translation>
        </message>
        <message>
            <source>Move the booking of slot %1 to slot %2? The old slot is freed only once the new one is booked.</source>
            <translation>将时段 %1 的预约改到时段 %2 吗？只有新时段预约成功后，原时段才会释放。</translation>
        </message>
        <message>
            <source>The hours of some weekdays, in the office's time zone: mon-fri and 09:00-13:00,15:00-18:00, or closed. Bookings already made are kept, even outside the new hours.</source>
            <translation>部分星期的营业时间，按办公室时区：mon-fri 与 09:00-13:00,15:00-18:00，或 closed。已有预约会保留，即使不在新营业时间内。</translation>
        </message>
        <message>
            <source>Close the office on a day, or from one day to another (a holiday): no slots are offered then. Bookings already made are kept.</source>
            <translation>在某一天或一段日期（节假日）休息：期间不开放任何时段。已有预约会保留。</translation>
        </message>
        <message>
            <source>Open %1 again, as its hours say?</source>
            <translation>按营业时间重新开放 %1 吗？</translation>
        </message>
        <message>
            <source>The office's time zone (a name such as Europe/Madrid or America/Mexico_City), its name, and how far ahead it takes bookings. Bookings keep their local day and time.</source>
            <translation>办公室的时区（如 Europe/Madrid 或 America/Mexico_City）、名称，以及最多可提前多少天预约。预约保持其当地日期和时间。</translation>
        </message>
        <message>
            <source>Cancel the booking</source>
            <translation>取消预约</translation>
        </message>
        <message>
            <source>Move</source>
            <translation>改期</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>休息</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>开放</translation>
        </message>
        <message>
            <source>Keep it</source>
            <translation>保留</translation>
        </message>
    </context>
    <context>
        <name>RefundContext</name>
        <message>
            <source>You started this refund from the tools panel.</source>
            <translation>这笔退款是您从工具面板发起的。</translation>
        </message>
        <message>
            <source>An AI client</source>
            <translation>某个 AI 客户端</translation>
        </message>
        <message>
            <source>%1 asked in approval request #%2.</source>
            <translation>%1 在审批请求 #%2 中提出。</translation>
        </message>
        <message>
            <source>%1 asked in approval request #%2, today at %3.</source>
            <translation>%1 今天 %3 在审批请求 #%2 中提出。</translation>
        </message>
        <message>
            <source>%1 asked in approval request #%2 on %3.</source>
            <translation>%1 于 %3 在审批请求 #%2 中提出。</translation>
        </message>
        <message>
            <source>Invoice %1</source>
            <translation>发票 %1</translation>
        </message>
        <message>
            <source>amount %1</source>
            <translation>金额 %1</translation>
        </message>
        <message>
            <source>%1 refunded so far</source>
            <translation>已退款 %1</translation>
        </message>
        <message>
            <source>%1 left</source>
            <translation>剩余 %1</translation>
        </message>
    </context>
    <context>
        <name>ResultView</name>
        <message>
            <source>Call a tool to see its result here.</source>
            <translation>调用工具后，结果会显示在这里。</translation>
        </message>
        <message>
            <source>Text</source>
            <translation>文本</translation>
        </message>
        <message>
            <source>Structured</source>
            <translation>结构化</translation>
        </message>
        <message>
            <source>Raw</source>
            <translation>原始</translation>
        </message>
        <message>
            <source>&lt;span style='color:gray'&gt;No result yet.&lt;/span&gt;</source>
            <translation>&lt;span style='color:gray'&gt;还没有结果。&lt;/span&gt;</translation>
        </message>
        <message>
            <source>&lt;span style='color:gray'&gt;Calling &lt;code&gt;%1&lt;/code&gt;…&lt;/span&gt;</source>
            <translation>&lt;span style='color:gray'&gt;正在调用 &lt;code&gt;%1&lt;/code&gt;…&lt;/span&gt;</translation>
        </message>
        <message>
            <source>&lt;b style='color:#c62828'&gt;✗ Not sent&lt;/b&gt;</source>
            <translation>&lt;b style='color:#c62828'&gt;✗ 未发送&lt;/b&gt;</translation>
        </message>
        <message>
            <source>&lt;b style='color:#c62828'&gt;✗ %1 returned an error&lt;/b&gt; (isError: true)%2</source>
            <translation>&lt;b style='color:#c62828'&gt;✗ %1 返回了错误&lt;/b&gt;（isError: true）%2</translation>
        </message>
        <message>
            <source>&lt;b style='color:#6d4c41'&gt;⊘ Declined&lt;/b&gt; · %1 changed nothing%2</source>
            <translation>&lt;b style='color:#6d4c41'&gt;⊘ 已拒绝&lt;/b&gt; · %1 未做任何更改%2</translation>
        </message>
        <message>
            <source>&lt;b style='color:#6d4c41'&gt;⊘ Cancelled&lt;/b&gt; · %1 changed nothing%2</source>
            <translation>&lt;b style='color:#6d4c41'&gt;⊘ 已取消&lt;/b&gt; · %1 未做任何更改%2</translation>
        </message>
        <message>
            <source>&lt;b style='color:#e65100'&gt;⏳ Waiting for approval&lt;/b&gt; · %1 queued it; nothing refunded yet%2</source>
            <translation>&lt;b style='color:#e65100'&gt;⏳ 等待批准&lt;/b&gt; · %1 已将其排队；尚未退款%2</translation>
        </message>
        <message>
            <source>&lt;b style='color:#2e7d32'&gt;✓ %1 succeeded&lt;/b&gt;%2</source>
            <translation>&lt;b style='color:#2e7d32'&gt;✓ %1 执行成功&lt;/b&gt;%2</translation>
        </message>
        <message>
            <source>&lt;b style='color:#c62828'&gt;✗ JSON-RPC error %1&lt;/b&gt; from %2%3</source>
            <translation>&lt;b style='color:#c62828'&gt;✗ JSON-RPC 错误 %1&lt;/b&gt;，来自 %2%3</translation>
        </message>
        <message>
            <source>&lt;b style='color:#c62828'&gt;✗ %1 did not complete&lt;/b&gt;</source>
            <translation>&lt;b style='color:#c62828'&gt;✗ %1 未完成&lt;/b&gt;</translation>
        </message>
        <message>
            <source>(no structuredContent)</source>
            <translation>（没有 structuredContent）</translation>
        </message>
        <message numerus="yes">
            <source> · %n round(s)</source>
            <comment>after the outcome of a call that asked a person</comment>
            <translation>
                <numerusform> · %n 轮</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>SchemaForm</name>
        <message>
            <source>must be exactly %1</source>
            <translation>必须正好是 %1</translation>
        </message>
        <message>
            <source>must be between %1 and %2</source>
            <translation>必须在 %1 到 %2 之间</translation>
        </message>
        <message>
            <source>must be greater than %1 and less than %2</source>
            <translation>必须大于 %1 且小于 %2</translation>
        </message>
        <message>
            <source>must be greater than %1 and at most %2</source>
            <translation>必须大于 %1 且不超过 %2</translation>
        </message>
        <message>
            <source>must be at least %1 and less than %2</source>
            <translation>必须至少为 %1 且小于 %2</translation>
        </message>
        <message>
            <source>must be greater than %1</source>
            <translation>必须大于 %1</translation>
        </message>
        <message>
            <source>must be at least %1</source>
            <translation>必须至少为 %1</translation>
        </message>
        <message>
            <source>must be less than %1</source>
            <translation>必须小于 %1</translation>
        </message>
        <message>
            <source>must be at most %1</source>
            <translation>不能超过 %1</translation>
        </message>
        <message>
            <source>must be an email address</source>
            <translation>必须是电子邮件地址</translation>
        </message>
        <message>
            <source>must be a URI such as https://example.com</source>
            <translation>必须是 URI，例如 https://example.com</translation>
        </message>
        <message>
            <source>must be a calendar date as YYYY-MM-DD</source>
            <translation>必须是 YYYY-MM-DD 格式的日期</translation>
        </message>
        <message>
            <source>must be a date and time as YYYY-MM-DDTHH:MM:SSZ</source>
            <translation>必须是 YYYY-MM-DDTHH:MM:SSZ 格式的日期和时间</translation>
        </message>
        <message numerus="yes">
            <source>must be exactly %n character(s)</source>
            <translation>
                <numerusform>必须正好 %n 个字符</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>must be between %1 and %n character(s)</source>
            <translation>
                <numerusform>长度必须在 %1 到 %n 个字符之间</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>must be at least %n character(s)</source>
            <translation>
                <numerusform>至少 %n 个字符</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>must be at most %n character(s)</source>
            <translation>
                <numerusform>最多 %n 个字符</numerusform>
            </translation>
        </message>
        <message>
            <source>%1–%2 characters</source>
            <translation>%1–%2 个字符</translation>
        </message>
        <message numerus="yes">
            <source>up to %n character(s)</source>
            <translation>
                <numerusform>最多 %n 个字符</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>at least %n character(s)</source>
            <translation>
                <numerusform>至少 %n 个字符</numerusform>
            </translation>
        </message>
        <message>
            <source>format: %1</source>
            <translation>格式：%1</translation>
        </message>
        <message>
            <source>pattern: %1</source>
            <translation>模式：%1</translation>
        </message>
        <message>
            <source>%1 to %2</source>
            <translation>%1 到 %2</translation>
        </message>
        <message>
            <source>%1 and %2</source>
            <translation>%1 且 %2</translation>
        </message>
        <message>
            <source>whole number</source>
            <translation>整数</translation>
        </message>
        <message>
            <source>choose %1 to %2</source>
            <translation>选择 %1 到 %2 项</translation>
        </message>
        <message>
            <source>choose at least %1</source>
            <translation>至少选择 %1 项</translation>
        </message>
        <message>
            <source>choose up to %1</source>
            <translation>最多选择 %1 项</translation>
        </message>
        <message>
            <source>JSON value</source>
            <translation>JSON 值</translation>
        </message>
        <message>
            <source>No arguments.</source>
            <translation>没有参数。</translation>
        </message>
        <message>
            <source>%1 (required)</source>
            <translation>%1（必填）</translation>
        </message>
        <message>
            <source>%1 (optional)</source>
            <translation>%1（可选）</translation>
        </message>
        <message>
            <source>Problem with %1</source>
            <translation>%1 有问题</translation>
        </message>
        <message>
            <source>not set</source>
            <translation>未设置</translation>
        </message>
        <message>
            <source>Choose…</source>
            <translation>请选择…</translation>
        </message>
        <message>
            <source>is required</source>
            <translation>必填</translation>
        </message>
        <message>
            <source>must match %1</source>
            <translation>必须符合 %1</translation>
        </message>
        <message>
            <source>must be a whole number</source>
            <translation>必须是整数</translation>
        </message>
        <message>
            <source>must be a number</source>
            <translation>必须是数字</translation>
        </message>
        <message>
            <source>must be a multiple of %1</source>
            <translation>必须是 %1 的倍数</translation>
        </message>
        <message>
            <source>choose at most %1</source>
            <translation>最多选择 %1 项</translation>
        </message>
        <message>
            <source>is not valid JSON</source>
            <translation>不是有效的 JSON</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <comment>a field's title, then what is wrong with its value</comment>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>清除</translation>
        </message>
    </context>
    <context>
        <name>ScreenshotDemo</name>
        <message>
            <source>Lunch was not delivered</source>
            <comment>a refund's reason, typed in the screenshot</comment>
            <translation>午餐没有送到</translation>
        </message>
        <message>
            <source>Charged twice for the 4 Sept visit</source>
            <comment>a refund's reason, typed in the screenshot</comment>
            <translation>9 月 4 日的就诊被重复收费</translation>
        </message>
    </context>
    <context>
        <name>ServerLogView</name>
        <message>
            <source>trace id</source>
            <translation>跟踪 ID</translation>
        </message>
        <message>
            <source>Show only the lines of this trace id</source>
            <translation>仅显示此跟踪 ID 的行</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <source>Level</source>
            <translation>级别</translation>
        </message>
        <message>
            <source>Outcome</source>
            <translation>结果</translation>
        </message>
        <message>
            <source>Method / tool</source>
            <translation>方法 / 工具</translation>
        </message>
        <message>
            <source>Duration</source>
            <translation>耗时</translation>
        </message>
        <message>
            <source>Client</source>
            <translation>客户端</translation>
        </message>
        <message>
            <source>Problem</source>
            <translation>问题</translation>
        </message>
        <message>
            <source>Show</source>
            <translation>显示</translation>
        </message>
        <message>
            <source>everything</source>
            <translation>全部</translation>
        </message>
        <message>
            <source>info and above</source>
            <translation>info 及以上</translation>
        </message>
        <message>
            <source>warnings and errors</source>
            <translation>警告和错误</translation>
        </message>
        <message>
            <source>errors only</source>
            <translation>仅错误</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>清空</translation>
        </message>
        <message>
            <source>Select a row to see the line office-mcp wrote.</source>
            <translation>选择一行，查看 office-mcp 写入的原始行。</translation>
        </message>
        <message>
            <source>error %1</source>
            <translation>错误 %1</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 毫秒</translation>
        </message>
        <message>
            <source>%1 µs</source>
            <translation>%1 微秒</translation>
        </message>
    </context>
    <context>
        <name>ServerPanel</name>
        <message>
            <source>Forms (elicitation)</source>
            <translation>表单（elicitation）</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>启动</translation>
        </message>
        <message>
            <source>Restart</source>
            <translation>重启</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <source>The office-mcp executable office-desk starts</source>
            <translation>office-desk 启动的 office-mcp 可执行文件</translation>
        </message>
        <message>
            <source>The SQLite database given to office-mcp with --db, and shown read-only here</source>
            <translation>通过 --db 传给 office-mcp 的 SQLite 数据库，在此以只读方式显示</translation>
        </message>
        <message>
            <source>--profile: which tools the server shows</source>
            <translation>--profile：服务器显示哪些工具</translation>
        </message>
        <message>
            <source>2026-07-28 · stateless</source>
            <translation>2026-07-28 · 无状态</translation>
        </message>
        <message>
            <source>2025-11-25 · initialize</source>
            <translation>2025-11-25 · initialize</translation>
        </message>
        <message>
            <source>2026-07-28: every request carries the _meta envelope and refunds come back as input_required.
2025-11-25: an initialize handshake, and the server sends elicitation/create requests.</source>
            <translation>2026-07-28：每个请求都带 _meta 信封，退款以 input_required 返回。
2025-11-25：先进行 initialize 握手，服务器发送 elicitation/create 请求。</translation>
        </message>
        <message>
            <source>Declare form elicitation. Without it the server cannot ask here and queues refunds for approval.</source>
            <translation>声明支持表单 elicitation。否则服务器无法在这里提问，会把退款放入审批队列。</translation>
        </message>
        <message>
            <source>Local office</source>
            <translation>本地办公室</translation>
        </message>
        <message>
            <source>Remote office</source>
            <translation>远程办公室</translation>
        </message>
        <message>
            <source>Local: office-desk starts office-mcp on this computer.
Remote: office-desk connects to an office served over HTTP (office-mcp --http).</source>
            <translation>本地：office-desk 在本机启动 office-mcp。
远程：office-desk 连接通过 HTTP 提供服务的办公室（office-mcp --http）。</translation>
        </message>
        <message>
            <source>The office's MCP address, as `office-mcp --http` prints it</source>
            <translation>办公室的 MCP 地址，即 `office-mcp --http` 打印的地址</translation>
        </message>
        <message>
            <source>bearer token</source>
            <translation>持有者令牌</translation>
        </message>
        <message>
            <source>The token `office-mcp token add NAME` printed on the office's machine. Kept in a file only you can read (0600), never in the settings file.</source>
            <translation>在办公室机器上由 `office-mcp token add NAME` 打印的令牌。保存在只有您能读取的文件中（0600），不会写入设置文件。</translation>
        </message>
        <message>
            <source>Server</source>
            <translation>服务器</translation>
        </message>
        <message>
            <source>Database</source>
            <translation>数据库</translation>
        </message>
        <message>
            <source>URL</source>
            <translation>URL</translation>
        </message>
        <message>
            <source>Token</source>
            <translation>令牌</translation>
        </message>
        <message>
            <source>Profile</source>
            <translation>配置文件</translation>
        </message>
        <message>
            <source>Protocol</source>
            <translation>协议</translation>
        </message>
        <message>
            <source>A remote office shows what its token's profile allows.</source>
            <translation>远程办公室显示其令牌配置文件允许的内容。</translation>
        </message>
        <message>
            <source>Over HTTP office-desk speaks 2026-07-28 (stateless: one POST per request).</source>
            <translation>通过 HTTP 时 office-desk 使用 2026-07-28（无状态：每个请求一个 POST）。</translation>
        </message>
        <message>
            <source>Connect</source>
            <translation>连接</translation>
        </message>
        <message>
            <source>Reconnect</source>
            <translation>重新连接</translation>
        </message>
        <message>
            <source>Disconnect</source>
            <translation>断开</translation>
        </message>
        <message>
            <source>Choose office-mcp</source>
            <translation>选择 office-mcp</translation>
        </message>
        <message>
            <source>Choose a database</source>
            <translation>选择数据库</translation>
        </message>
        <message>
            <source>SQLite databases (*.db *.sqlite)</source>
            <translation>SQLite 数据库 (*.db *.sqlite)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有文件 (*)</translation>
        </message>
        <message>
            <source>all</source>
            <comment>the profile serving every tool</comment>
            <translation>全部</translation>
        </message>
        <message>
            <source>scheduling</source>
            <comment>a profile</comment>
            <translation>预约</translation>
        </message>
        <message>
            <source>billing</source>
            <comment>a profile</comment>
            <translation>账单</translation>
        </message>
        <message>
            <source>lunch</source>
            <comment>a profile</comment>
            <translation>午餐</translation>
        </message>
        <message>
            <source>Office</source>
            <translation>办公室</translation>
        </message>
        <message>
            <source>Choose the office-mcp executable</source>
            <translation>选择 office-mcp 可执行文件</translation>
        </message>
        <message>
            <source>Choose the database</source>
            <translation>选择数据库</translation>
        </message>
        <message>
            <source>Server status</source>
            <translation>服务器状态</translation>
        </message>
        <message>
            <source>Sign in</source>
            <translation>登录</translation>
        </message>
        <message>
            <source>Sign out</source>
            <translation>退出登录</translation>
        </message>
        <message>
            <source>Signing in…</source>
            <translation>正在登录…</translation>
        </message>
        <message>
            <source>Finish signing in in your web browser. Click to start over.</source>
            <translation>请在网页浏览器中完成登录。点击可重新开始。</translation>
        </message>
        <message>
            <source>Sign in with your account at %1, in your web browser, instead of pasting a token.</source>
            <translation>在网页浏览器中用您在 %1 的账户登录，而不必粘贴令牌。</translation>
        </message>
        <message>
            <source>Signed in as %1</source>
            <translation>已登录：%1</translation>
        </message>
        <message>
            <source>Signed in through %1. The tokens are kept in a file only you can read (0600).</source>
            <translation>通过 %1 登录。令牌保存在只有您能读取的文件中（0600）。</translation>
        </message>
        <message>
            <source>Forget the tokens of this sign-in and delete their file.</source>
            <translation>忘记此次登录的令牌并删除其文件。</translation>
        </message>
    </context>
    <context>
        <name>SqliteReader</name>
        <message>
            <source>%1 does not exist yet; office-mcp creates it on first use (the first tool call).</source>
            <translation>%1 尚不存在；office-mcp 会在首次使用（第一次调用工具）时创建它。</translation>
        </message>
    </context>
    <context>
        <name>TokenStore</name>
        <message>
            <source>Could not create %1.</source>
            <translation>无法创建 %1。</translation>
        </message>
        <message>
            <source>Could not write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <source>Could not write %1.</source>
            <translation>无法写入 %1。</translation>
        </message>
    </context>
    <context>
        <name>ToolsPanel</name>
        <message>
            <source>Raw JSON</source>
            <translation>原始 JSON</translation>
        </message>
        <message>
            <source>Call</source>
            <translation>调用</translation>
        </message>
        <message>
            <source>&lt;b&gt;To start:&lt;/b&gt; choose a tool on the left, fill in its form, then press &lt;b&gt;Call&lt;/b&gt; (or Enter).</source>
            <translation>&lt;b&gt;开始：&lt;/b&gt;在左侧选择一个工具，填写表单，然后按&lt;b&gt;调用&lt;/b&gt;（或回车）。</translation>
        </message>
        <message>
            <source>Arguments</source>
            <translation>参数</translation>
        </message>
        <message>
            <source>Edit the arguments as JSON; nothing is checked before sending, so the server's own validation answers.</source>
            <translation>以 JSON 编辑参数；发送前不做任何检查，由服务器自己的校验来回应。</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>结果</translation>
        </message>
        <message>
            <source>&lt;span style='color:gray'&gt;No tools&lt;/span&gt;</source>
            <translation>&lt;span style='color:gray'&gt;没有工具&lt;/span&gt;</translation>
        </message>
        <message>
            <source>Start office-mcp to list its tools.</source>
            <translation>启动 office-mcp 以列出其工具。</translation>
        </message>
        <message>
            <source>idempotent</source>
            <translation>幂等</translation>
        </message>
        <message>
            <source>open world</source>
            <translation>开放世界</translation>
        </message>
        <message>
            <source>&lt;span style='color:gray'&gt;no hints&lt;/span&gt;</source>
            <translation>&lt;span style='color:gray'&gt;无提示&lt;/span&gt;</translation>
        </message>
        <message>
            <source>The arguments are not a JSON object (%1); fix them or clear the text to go back to the form.</source>
            <translation>参数不是 JSON 对象（%1）；请修正，或清空文本以返回表单。</translation>
        </message>
        <message>
            <source>not an object</source>
            <translation>不是对象</translation>
        </message>
        <message>
            <source>Not shown in the form: %1. %2</source>
            <translation>表单中未显示：%1。%2</translation>
        </message>
        <message>
            <source>The arguments must be a JSON object: %1</source>
            <translation>参数必须是 JSON 对象：%1</translation>
        </message>
        <message>
            <source>this is not an object</source>
            <translation>这不是对象</translation>
        </message>
        <message>
            <source>Fix first: %1. (Raw JSON sends anything, for trying the server's validation.)</source>
            <translation>请先修正：%1。（原始 JSON 可以发送任何内容，用于测试服务器的校验。）</translation>
        </message>
        <message>
            <source>Calling…</source>
            <translation>正在调用…</translation>
        </message>
        <message>
            <source>To call: %1.</source>
            <translation>要调用，请先处理：%1。</translation>
        </message>
        <message>
            <source>office-mcp is not running</source>
            <translation>office-mcp 未在运行</translation>
        </message>
        <message>
            <source>Waiting for the previous call</source>
            <translation>正在等待上一次调用</translation>
        </message>
        <message>
            <source>read-only</source>
            <comment>a tool that changes nothing</comment>
            <translation>只读</translation>
        </message>
        <message>
            <source>destructive</source>
            <comment>a tool whose changes cannot be undone</comment>
            <translation>破坏性</translation>
        </message>
        <message>
            <source>writes</source>
            <comment>a tool that changes the office</comment>
            <translation>写入</translation>
        </message>
    </context>
    <context>
        <name>TrafficLog</name>
        <message>
            <source>batch of %1</source>
            <translation>%1 条批量</translation>
        </message>
        <message>
            <source>→ out</source>
            <translation>→ 发出</translation>
        </message>
        <message>
            <source>← in</source>
            <translation>← 收到</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <source>Dir</source>
            <translation>方向</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>Method</source>
            <translation>方法</translation>
        </message>
        <message>
            <source>Id</source>
            <translation>Id</translation>
        </message>
        <message>
            <source>Summary</source>
            <translation>摘要</translation>
        </message>
    </context>
    <context>
        <name>TrafficView</name>
        <message>
            <source>Filter: method, id, direction or any text in the message</source>
            <translation>筛选：方法、id、方向或消息中的任意文字</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>清空</translation>
        </message>
        <message>
            <source>Export JSONL…</source>
            <translation>导出 JSONL…</translation>
        </message>
        <message>
            <source>Select a message to see it in full.</source>
            <translation>选择一条消息查看完整内容。</translation>
        </message>
        <message>
            <source>%1 of %2</source>
            <translation>%1 / %2</translation>
        </message>
        <message>
            <source>office-desk → office-mcp</source>
            <translation>office-desk → office-mcp</translation>
        </message>
        <message>
            <source>office-mcp → office-desk</source>
            <translation>office-mcp → office-desk</translation>
        </message>
        <message>
            <source>Export traffic as JSONL</source>
            <translation>将通信导出为 JSONL</translation>
        </message>
        <message>
            <source>JSON Lines (*.jsonl);;All files (*)</source>
            <translation>JSON Lines (*.jsonl);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation>导出失败</translation>
        </message>
        <message>
            <source>Could not write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
    </context>
    <context>
        <name>WeekView</name>
        <message>
            <source>◀ Previous</source>
            <translation>◀ 上一周</translation>
        </message>
        <message>
            <source>This week</source>
            <translation>本周</translation>
        </message>
        <message>
            <source>Next ▶</source>
            <translation>下一周 ▶</translation>
        </message>
        <message>
            <source>The office's week</source>
            <translation>办公室的一周</translation>
        </message>
        <message>
            <source>Cancel booking…</source>
            <translation>取消预约…</translation>
        </message>
        <message>
            <source>Move booking…</source>
            <translation>改期预约…</translation>
        </message>
        <message>
            <source>Opening hours…</source>
            <translation>营业时间…</translation>
        </message>
        <message>
            <source>Close days…</source>
            <translation>设置休息日…</translation>
        </message>
        <message>
            <source>Open the selected day…</source>
            <translation>恢复所选日期营业…</translation>
        </message>
        <message>
            <source>Time zone and name…</source>
            <translation>时区和名称…</translation>
        </message>
        <message>
            <source>Hours and closures</source>
            <translation>营业时间与休息日</translation>
        </message>
        <message>
            <source>Not connected to an office.</source>
            <translation>未连接到办公室。</translation>
        </message>
        <message>
            <source>This office does not offer its calendar (an office-mcp older than this desk).</source>
            <translation>此办公室不提供其日历（office-mcp 版本早于此桌面程序）。</translation>
        </message>
        <message>
            <source>customer %1</source>
            <translation>客户 %1</translation>
        </message>
        <message>
            <source>%1 – %2</source>
            <translation>%1 – %2</translation>
        </message>
        <message>
            <source>%1 · %2</source>
            <translation>%1 · %2</translation>
        </message>
        <message>
            <source>closed</source>
            <translation>休息</translation>
        </message>
        <message>
            <source>today</source>
            <translation>今天</translation>
        </message>
        <message>
            <source>Closed</source>
            <translation>休息</translation>
        </message>
        <message>
            <source>Closed: %1</source>
            <translation>休息：%1</translation>
        </message>
        <message>
            <source>%1 at %2</source>
            <translation>%1 %2</translation>
        </message>
        <message>
            <source>%1: free (slot %2)</source>
            <translation>%1：空闲（时段 %2）</translation>
        </message>
        <message>
            <source>%1: begun</source>
            <translation>%1：已开始</translation>
        </message>
        <message>
            <source>%1: %2 (slot %3), outside the opening hours: kept as booked</source>
            <translation>%1：%2（时段 %3），不在营业时间内：仍保留预约</translation>
        </message>
        <message>
            <source>%1: %2 (slot %3)</source>
            <translation>%1：%2（时段 %3）</translation>
        </message>
        <message>
            <source>%1 (a zone this machine cannot read: times as the office writes them)</source>
            <translation>%1（本机无法读取该时区：时间按办公室所写显示）</translation>
        </message>
        <message>
            <source>%1, the machine's (the office has set none)</source>
            <translation>%1，本机时区（办公室未设置）</translation>
        </message>
        <message numerus="yes">
            <source>Times in %1 · %n booked</source>
            <translation>
                <numerusform>时间按 %1 · 已预约 %n 个</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source> · %n free</source>
            <translation>
                <numerusform> · 空闲 %n 个</numerusform>
            </translation>
        </message>
        <message>
            <source> · no opening hours: only the slots the office holds</source>
            <translation> · 未设营业时间：仅显示办公室已有的时段</translation>
        </message>
        <message>
            <source>Moving the booking of slot %1: click a free slot to move it to (Esc to stop).</source>
            <translation>正在改期时段 %1 的预约：点击一个空闲时段即可改到该处（按 Esc 停止）。</translation>
        </message>
    </context>
    <context>
        <name>about</name>
        <message>
            <source>&lt;h3&gt;office-desk %1&lt;/h3&gt;&lt;p&gt;The desk of the office-mcp server: approve refunds, call tools and watch the traffic between office-mcp and the AI clients.&lt;/p&gt;&lt;p&gt;office-desk and office-mcp share one version: run &lt;tt&gt;office-mcp --version&lt;/tt&gt; to see the server's.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;office-desk %1&lt;/h3&gt;&lt;p&gt;office-mcp 服务器的前台：批准退款、调用工具，并查看 office-mcp 与 AI 客户端之间的通信。&lt;/p&gt;&lt;p&gt;office-desk 与 office-mcp 使用同一版本号：运行 &lt;tt&gt;office-mcp --version&lt;/tt&gt; 可查看服务器的版本。&lt;/p&gt;</translation>
        </message>
        <message>
            <source>About office-desk</source>
            <translation>关于 office-desk</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;About office-desk</source>
            <translation>关于 office-desk(&amp;A)</translation>
        </message>
    </context>
    <context>
        <name>main</name>
        <message>
            <source>Approve refunds, call tools and watch the traffic of office-mcp.</source>
            <translation>批准退款、调用工具并查看 office-mcp 的通信。</translation>
        </message>
        <message>
            <source>The office-mcp executable.</source>
            <translation>office-mcp 可执行文件。</translation>
        </message>
        <message>
            <source>The database office-mcp serves.</source>
            <translation>office-mcp 提供服务的数据库。</translation>
        </message>
        <message>
            <source>all, scheduling, billing or lunch.</source>
            <translation>all、scheduling、billing 或 lunch。</translation>
        </message>
        <message>
            <source>modern (2026-07-28) or legacy (2025-11-25).</source>
            <translation>modern（2026-07-28）或 legacy（2025-11-25）。</translation>
        </message>
        <message>
            <source>A remote office: http://host:port/mcp (its token is the one kept for it, or $OFFICE_DESK_TOKEN).</source>
            <translation>远程办公室：http://host:port/mcp（令牌为为其保存的令牌，或 $OFFICE_DESK_TOKEN）。</translation>
        </message>
        <message>
            <source>Do not start office-mcp at once.</source>
            <translation>不要立即启动 office-mcp。</translation>
        </message>
        <message>
            <source>Stage a refund review on a scratch database, save a screenshot to &lt;file&gt; and quit.</source>
            <translation>在临时数据库上布置一次退款审核，将截图保存到 &lt;file&gt; 后退出。</translation>
        </message>
        <message>
            <source>The desk's language: en, es or zh_CN (default: the system's).</source>
            <translation>前台的语言：en、es 或 zh_CN（默认跟随系统）。</translation>
        </message>
        <message>
            <source>office-desk</source>
            <translation>office-desk</translation>
        </message>
        <message>
            <source>The office was not created: %1</source>
            <translation>办公室未创建：%1</translation>
        </message>
    </context>
</TS>
