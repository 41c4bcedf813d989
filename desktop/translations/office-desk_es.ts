<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es" sourcelanguage="en">
    <context>
        <name>ActivityChart</name>
        <message>
            <source>Calls per minute and their durations</source>
            <translation>Llamadas por minuto y su duración</translation>
        </message>
        <message>
            <source>done</source>
            <translation>hechas</translation>
        </message>
        <message>
            <source>tool errors</source>
            <translation>errores de herramienta</translation>
        </message>
        <message>
            <source>protocol errors</source>
            <translation>errores de protocolo</translation>
        </message>
        <message>
            <source>waiting for a person</source>
            <translation>esperando a una persona</translation>
        </message>
        <message>
            <source>median (ms)</source>
            <translation>mediana (ms)</translation>
        </message>
        <message>
            <source>95th percentile (ms)</source>
            <translation>percentil 95 (ms)</translation>
        </message>
        <message>
            <source>calls</source>
            <translation>llamadas</translation>
        </message>
        <message>
            <source>minutes ago</source>
            <translation>minutos atrás</translation>
        </message>
        <message>
            <source>now</source>
            <translation>ahora</translation>
        </message>
        <message>
            <source>ms</source>
            <translation>ms</translation>
        </message>
        <message>
            <source>No calls in the last two minutes.</source>
            <translation>Ninguna llamada en los dos últimos minutos.</translation>
        </message>
        <message numerus="yes">
            <source>Last two minutes: %n call(s), %1 with an error, %2 waiting for a person; median %3 ms, 95th percentile %4 ms.</source>
            <translation>
                <numerusform>Dos últimos minutos: %n llamada, %1 con error, %2 esperando a una persona; mediana %3 ms, percentil 95 %4 ms.</numerusform>
                <numerusform>Dos últimos minutos: %n llamadas, %1 con error, %2 esperando a una persona; mediana %3 ms, percentil 95 %4 ms.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ApprovalQueue</name>
        <message>
            <source>pending</source>
            <comment>an approval request waiting for a person</comment>
            <translation>pendiente</translation>
        </message>
        <message>
            <source>approved</source>
            <comment>an approval request</comment>
            <translation>aprobada</translation>
        </message>
        <message>
            <source>declined</source>
            <comment>an approval request</comment>
            <translation>rechazada</translation>
        </message>
        <message>
            <source>withdrawn</source>
            <comment>an approval request its AI client took back before anyone decided</comment>
            <translation>retirada</translation>
        </message>
        <message>
            <source>%1 · task</source>
            <comment>who asked, and that it follows the request as a task</comment>
            <translation>%1 · tarea</translation>
        </message>
        <message>
            <source>This AI client follows the request as a task: it learns your decision as soon as you make it, and it can withdraw the request until then.</source>
            <translation>Este cliente de IA sigue la solicitud como una tarea: conoce su decisión en cuanto usted la toma y puede retirar la solicitud hasta entonces.</translation>
        </message>
        <message>
            <source>withdrawn by its client; nothing refunded</source>
            <translation>retirada por su cliente; no se devolvió nada</translation>
        </message>
        <message>
            <source>open</source>
            <comment>an invoice not yet paid</comment>
            <translation>abierta</translation>
        </message>
        <message>
            <source>paid</source>
            <comment>an invoice</comment>
            <translation>pagada</translation>
        </message>
        <message>
            <source>refunded</source>
            <comment>an invoice refunded in full</comment>
            <translation>devuelta</translation>
        </message>
        <message>
            <source>AI clients that cannot show a form leave refund requests here. &lt;b&gt;Review&lt;/b&gt; opens the refund form for the request; you approve or decline it there, and office-mcp settles the request. &lt;b&gt;Re-open&lt;/b&gt; puts a declined request back in the queue.</source>
            <translation>Los clientes de IA que no pueden mostrar formularios dejan aquí sus solicitudes de devolución. &lt;b&gt;Revisar&lt;/b&gt; abre el formulario de devolución de la solicitud; allí la aprueba o la rechaza, y office-mcp resuelve la solicitud. &lt;b&gt;Reabrir&lt;/b&gt; devuelve a la cola una solicitud rechazada.</translation>
        </message>
        <message>
            <source>Request</source>
            <translation>Solicitud</translation>
        </message>
        <message>
            <source>Invoice</source>
            <translation>Factura</translation>
        </message>
        <message>
            <source>Customer</source>
            <translation>Cliente</translation>
        </message>
        <message>
            <source>Amount</source>
            <translation>Importe</translation>
        </message>
        <message>
            <source>Asked by</source>
            <translation>Pedida por</translation>
        </message>
        <message>
            <source>Asked at</source>
            <translation>Pedida el</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>Estado</translation>
        </message>
        <message>
            <source>Decided by</source>
            <translation>Decidida por</translation>
        </message>
        <message>
            <source>Outcome</source>
            <translation>Resultado</translation>
        </message>
        <message>
            <source>Refund requests</source>
            <translation>Solicitudes de devolución</translation>
        </message>
        <message>
            <source>Action</source>
            <translation>Acción</translation>
        </message>
        <message>
            <source>This database has no approval_requests table.</source>
            <translation>Esta base de datos no tiene la tabla approval_requests.</translation>
        </message>
        <message>
            <source>invoice is %1, %2 refunded, %3 left</source>
            <translation>factura %1; devuelto %2, quedan %3</translation>
        </message>
        <message>
            <source>invoice is %1</source>
            <translation>factura %1</translation>
        </message>
        <message>
            <source>%1 refunded: %2</source>
            <translation>%1 devuelto: %2</translation>
        </message>
        <message>
            <source>Reviewing…</source>
            <translation>Revisando…</translation>
        </message>
        <message>
            <source>Review</source>
            <translation>Revisar</translation>
        </message>
        <message>
            <source>Open the refund form for invoice %1</source>
            <translation>Abrir el formulario de devolución de la factura %1</translation>
        </message>
        <message>
            <source>Review request #%1 for invoice %2</source>
            <translation>Revisar la solicitud n.º %1 de la factura %2</translation>
        </message>
        <message>
            <source>Re-opening…</source>
            <translation>Reabriendo…</translation>
        </message>
        <message>
            <source>Re-open</source>
            <translation>Reabrir</translation>
        </message>
        <message>
            <source>Put request #%1 back in the queue, to be reviewed again</source>
            <translation>Devolver la solicitud n.º %1 a la cola para revisarla de nuevo</translation>
        </message>
        <message>
            <source>Re-open request #%1 for invoice %2</source>
            <translation>Reabrir la solicitud n.º %1 de la factura %2</translation>
        </message>
        <message>
            <source>&lt;b&gt;No refunds are waiting for approval.&lt;/b&gt;</source>
            <translation>&lt;b&gt;No hay devoluciones pendientes de aprobación.&lt;/b&gt;</translation>
        </message>
        <message numerus="yes">
            <source>&lt;b style='color:#e65100'&gt;%n refund(s) waiting for approval.&lt;/b&gt;</source>
            <translation>
                <numerusform>&lt;b style='color:#e65100'&gt;%n devolución pendiente de aprobación.&lt;/b&gt;</numerusform>
                <numerusform>&lt;b style='color:#e65100'&gt;%n devoluciones pendientes de aprobación.&lt;/b&gt;</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>BackupMenu</name>
        <message>
            <source>&amp;File</source>
            <translation>&amp;Archivo</translation>
        </message>
        <message>
            <source>&amp;Back up now…</source>
            <translation>&amp;Hacer una copia de seguridad ahora…</translation>
        </message>
        <message>
            <source>&amp;Restore…</source>
            <translation>&amp;Restaurar…</translation>
        </message>
        <message>
            <source>A remote office is backed up where it runs, by its operator (office-mcp backup on that machine).</source>
            <translation>Una oficina remota se copia donde se ejecuta, y la copia su operador (office-mcp backup en esa máquina).</translation>
        </message>
        <message>
            <source>This office is in PostgreSQL: back it up where its database runs (office-mcp-pg backup, or pg_dump).</source>
            <translation>Esta oficina está en PostgreSQL: haga su copia donde se ejecuta su base de datos (office-mcp-pg backup, o pg_dump).</translation>
        </message>
        <message>
            <source>A copy of the office as it is now, taken while office-mcp keeps serving.</source>
            <translation>Una copia de la oficina tal como está ahora, hecha mientras office-mcp sigue atendiendo.</translation>
        </message>
        <message>
            <source>Put back the office from a backup; what it holds is shown first.</source>
            <translation>Recupera la oficina desde una copia de seguridad; antes se muestra lo que contiene.</translation>
        </message>
        <message>
            <source>Back up the office to</source>
            <translation>Guardar la copia de seguridad de la oficina en</translation>
        </message>
        <message>
            <source>Office backups (*.db)</source>
            <translation>Copias de seguridad de la oficina (*.db)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>Todos los archivos (*)</translation>
        </message>
        <message>
            <source>Restore the office from</source>
            <translation>Restaurar la oficina desde</translation>
        </message>
        <message>
            <source>office-mcp crashed.</source>
            <translation>office-mcp se ha bloqueado.</translation>
        </message>
        <message>
            <source>office-mcp exited with code %1.</source>
            <translation>office-mcp terminó con el código %1.</translation>
        </message>
        <message>
            <source>%1 did not start (%2).</source>
            <translation>%1 no se inició (%2).</translation>
        </message>
        <message>
            <source>Backing up the office to %1…</source>
            <translation>Copiando la oficina en %1…</translation>
        </message>
        <message>
            <source>Backed up the office to %1.</source>
            <translation>Copia de seguridad de la oficina hecha en %1.</translation>
        </message>
        <message>
            <source>No backup was written.</source>
            <translation>No se escribió ninguna copia de seguridad.</translation>
        </message>
        <message>
            <source>Backed up</source>
            <translation>Copia hecha</translation>
        </message>
        <message>
            <source>The office is backed up to %1, with its key and tokens files beside it: keep them together, and private.</source>
            <translation>La oficina está copiada en %1, con sus archivos de clave y de tokens al lado: guárdelos juntos, y en privado.</translation>
        </message>
        <message>
            <source>No backup</source>
            <translation>Sin copia de seguridad</translation>
        </message>
        <message>
            <source>No backup was written:</source>
            <translation>No se escribió ninguna copia de seguridad:</translation>
        </message>
        <message>
            <source>%1 cannot be restored.</source>
            <translation>%1 no se puede restaurar.</translation>
        </message>
        <message>
            <source>Cannot restore</source>
            <translation>No se puede restaurar</translation>
        </message>
        <message>
            <source>%1 cannot be restored; nothing was changed:</source>
            <translation>%1 no se puede restaurar; no se ha cambiado nada:</translation>
        </message>
        <message>
            <source>Restore the office</source>
            <translation>Restaurar la oficina</translation>
        </message>
        <message>
            <source>%1 holds:</source>
            <translation>%1 contiene:</translation>
        </message>
        <message>
            <source>Restore the office from it? The office in %1 is replaced; it is kept beside it as %2. The office-mcp of this desk is stopped and started again on the restored office.</source>
            <translation>¿Restaurar la oficina desde esta copia? La oficina de %1 se sustituye; se conserva a su lado como %2. El office-mcp de este escritorio se detiene y se vuelve a iniciar con la oficina restaurada.</translation>
        </message>
        <message>
            <source>Close other programs that use this office first (an AI client's office-mcp): while one has it open, the restore is refused.</source>
            <translation>Cierre antes los demás programas que usan esta oficina (el office-mcp de un cliente de IA): mientras alguno la tenga abierta, la restauración se rechaza.</translation>
        </message>
        <message>
            <source>Checking %1…</source>
            <translation>Comprobando %1…</translation>
        </message>
        <message>
            <source>Restoring the office from %1…</source>
            <translation>Restaurando la oficina desde %1…</translation>
        </message>
        <message>
            <source>The office was restored from %1.</source>
            <translation>La oficina se restauró desde %1.</translation>
        </message>
        <message>
            <source>Nothing was restored.</source>
            <translation>No se restauró nada.</translation>
        </message>
        <message>
            <source>Restored</source>
            <translation>Restaurada</translation>
        </message>
        <message>
            <source>The office was restored from %1:</source>
            <translation>La oficina se restauró desde %1:</translation>
        </message>
        <message>
            <source>Not restored</source>
            <translation>Sin restaurar</translation>
        </message>
        <message>
            <source>Nothing was restored; the office is unchanged:</source>
            <translation>No se restauró nada; la oficina no ha cambiado:</translation>
        </message>
        <message>
            <source>Stopping office-mcp to restore the office…</source>
            <translation>Deteniendo office-mcp para restaurar la oficina…</translation>
        </message>
    </context>
    <context>
        <name>ConnectPanel</name>
        <message>
            <source>Copy</source>
            <translation>Copiar</translation>
        </message>
        <message>
            <source>Add this office to an AI assistant. The snippets use absolute paths to the office-mcp and database chosen above, so the assistant and this window see the same data.</source>
            <translation>Añada esta oficina a un asistente de IA. Los fragmentos usan rutas absolutas al office-mcp y a la base de datos elegidos arriba, así el asistente y esta ventana ven los mismos datos.</translation>
        </message>
        <message>
            <source>Client</source>
            <translation>Cliente</translation>
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
            <translation>Copiado</translation>
        </message>
        <message>
            <source>Merge into &lt;code&gt;claude_desktop_config.json&lt;/code&gt; (Settings → Developer → Edit Config; on Linux &lt;code&gt;~/.config/Claude/claude_desktop_config.json&lt;/code&gt;), then restart Claude Desktop.</source>
            <translation>Incorpórelo a &lt;code&gt;claude_desktop_config.json&lt;/code&gt; (Settings → Developer → Edit Config; en Linux &lt;code&gt;~/.config/Claude/claude_desktop_config.json&lt;/code&gt;) y reinicie Claude Desktop.</translation>
        </message>
        <message>
            <source>Run this command in a terminal; add &lt;code&gt;--scope user&lt;/code&gt; to use it in every project.</source>
            <translation>Ejecute esta orden en un terminal; añada &lt;code&gt;--scope user&lt;/code&gt; para usarla en todos los proyectos.</translation>
        </message>
        <message>
            <source>Save as &lt;code&gt;.vscode/mcp.json&lt;/code&gt; in the workspace (or run &lt;i&gt;MCP: Add Server&lt;/i&gt;).</source>
            <translation>Guárdelo como &lt;code&gt;.vscode/mcp.json&lt;/code&gt; en el espacio de trabajo (o ejecute &lt;i&gt;MCP: Add Server&lt;/i&gt;).</translation>
        </message>
        <message>
            <source>Merge into &lt;code&gt;~/.cursor/mcp.json&lt;/code&gt; (or &lt;code&gt;.cursor/mcp.json&lt;/code&gt; in a project).</source>
            <translation>Incorpórelo a &lt;code&gt;~/.cursor/mcp.json&lt;/code&gt; (o a &lt;code&gt;.cursor/mcp.json&lt;/code&gt; en un proyecto).</translation>
        </message>
        <message>
            <source>From `office-mcp config %1`.</source>
            <translation>Generado con `office-mcp config %1`.</translation>
        </message>
        <message>
            <source>Written by office-desk.</source>
            <translation>Escrito por office-desk.</translation>
        </message>
    </context>
    <context>
        <name>DatabaseView</name>
        <message>
            <source>Filter rows (any column contains…)</source>
            <translation>Filtrar filas (cualquier columna contiene…)</translation>
        </message>
        <message>
            <source>Select a row to see all of it here.</source>
            <translation>Seleccione una fila para verla entera aquí.</translation>
        </message>
        <message>
            <source>office://%1 was not read</source>
            <translation>office://%1 no se ha leído</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; · read through the server · refreshed %2</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; · leída a través del servidor · actualizada a las %2</translation>
        </message>
        <message>
            <source>No database chosen.</source>
            <translation>No se ha elegido ninguna base de datos.</translation>
        </message>
        <message>
            <source>no table %1</source>
            <translation>no existe la tabla %1</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; · opened read-only · refreshed %2</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; · abierta en solo lectura · actualizada a las %2</translation>
        </message>
        <message>
            <source>Changed since the previous refresh</source>
            <translation>Ha cambiado desde la actualización anterior</translation>
        </message>
        <message numerus="yes">
            <source>%n row(s)</source>
            <translation>
                <numerusform>%n fila</numerusform>
                <numerusform>%n filas</numerusform>
            </translation>
        </message>
        <message>
            <source>Add customer…</source>
            <translation>Añadir cliente…</translation>
        </message>
        <message>
            <source>Edit customer…</source>
            <translation>Editar cliente…</translation>
        </message>
        <message>
            <source>Remove customer…</source>
            <translation>Eliminar cliente…</translation>
        </message>
        <message>
            <source>Add invoice…</source>
            <translation>Añadir factura…</translation>
        </message>
        <message>
            <source>Mark paid…</source>
            <translation>Marcar como pagada…</translation>
        </message>
        <message>
            <source>Add menu item…</source>
            <translation>Añadir al menú…</translation>
        </message>
        <message>
            <source>Remove menu item…</source>
            <translation>Quitar del menú…</translation>
        </message>
        <message>
            <source>Customers</source>
            <comment>a table's tab</comment>
            <translation>Clientes</translation>
        </message>
        <message>
            <source>Slots</source>
            <comment>a table's tab: appointment slots</comment>
            <translation>Citas</translation>
        </message>
        <message>
            <source>Invoices</source>
            <comment>a table's tab</comment>
            <translation>Facturas</translation>
        </message>
        <message>
            <source>Refunds</source>
            <comment>a table's tab</comment>
            <translation>Devoluciones</translation>
        </message>
        <message>
            <source>Lunch orders</source>
            <comment>a table's tab</comment>
            <translation>Pedidos de comida</translation>
        </message>
        <message>
            <source>Approval requests</source>
            <comment>a table's tab</comment>
            <translation>Solicitudes de aprobación</translation>
        </message>
        <message>
            <source>Audit</source>
            <comment>a table's tab: who changed what</comment>
            <translation>Auditoría</translation>
        </message>
        <message>
            <source>Menu</source>
            <comment>a table's tab: the lunch menu</comment>
            <translation>Menú</translation>
        </message>
        <message>
            <source>ID</source>
            <translation>ID</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>Nombre</translation>
        </message>
        <message>
            <source>Email</source>
            <translation>Correo electrónico</translation>
        </message>
        <message>
            <source>Day</source>
            <translation>Día</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>Hora</translation>
        </message>
        <message>
            <source>Customer ID</source>
            <translation>ID de cliente</translation>
        </message>
        <message>
            <source>Booked at</source>
            <translation>Reservada el</translation>
        </message>
        <message>
            <source>Booked by</source>
            <translation>Reservada por</translation>
        </message>
        <message>
            <source>Customer</source>
            <translation>Cliente</translation>
        </message>
        <message>
            <source>Amount</source>
            <translation>Importe</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>Estado</translation>
        </message>
        <message>
            <source>Refunded</source>
            <translation>Devuelto</translation>
        </message>
        <message>
            <source>Left</source>
            <translation>Restante</translation>
        </message>
        <message>
            <source>Invoice ID</source>
            <translation>ID de factura</translation>
        </message>
        <message>
            <source>Reason</source>
            <translation>Motivo</translation>
        </message>
        <message>
            <source>Approved via</source>
            <translation>Aprobada mediante</translation>
        </message>
        <message>
            <source>Client</source>
            <translation>Cliente MCP</translation>
        </message>
        <message>
            <source>Created at</source>
            <translation>Creada el</translation>
        </message>
        <message>
            <source>Request ID</source>
            <translation>ID de solicitud</translation>
        </message>
        <message>
            <source>Requested by</source>
            <translation>Pedida por</translation>
        </message>
        <message>
            <source>Item</source>
            <translation>Plato</translation>
        </message>
        <message>
            <source>Quantity</source>
            <translation>Cantidad</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>Nota</translation>
        </message>
        <message>
            <source>Decided at</source>
            <translation>Decidida el</translation>
        </message>
        <message>
            <source>Decided by</source>
            <translation>Decidida por</translation>
        </message>
        <message>
            <source>Reported at</source>
            <translation>Comunicada el</translation>
        </message>
        <message>
            <source>Task</source>
            <translation>Tarea</translation>
        </message>
        <message>
            <source>When</source>
            <translation>Cuándo</translation>
        </message>
        <message>
            <source>Client version</source>
            <translation>Versión del cliente</translation>
        </message>
        <message>
            <source>Era</source>
            <translation>Era</translation>
        </message>
        <message>
            <source>Protocol</source>
            <translation>Protocolo</translation>
        </message>
        <message>
            <source>Action</source>
            <translation>Acción</translation>
        </message>
        <message>
            <source>Subject</source>
            <translation>Objeto</translation>
        </message>
        <message>
            <source>Subject ID</source>
            <translation>ID del objeto</translation>
        </message>
        <message>
            <source>Detail</source>
            <translation>Detalle</translation>
        </message>
        <message>
            <source>Person</source>
            <translation>Persona</translation>
        </message>
        <message>
            <source>Price</source>
            <translation>Precio</translation>
        </message>
        <message>
            <source>Trace ID</source>
            <translation>ID de traza</translation>
        </message>
        <message>
            <source>Span ID</source>
            <translation>ID de tramo</translation>
        </message>
        <message>
            <source>open</source>
            <comment>an invoice not yet paid</comment>
            <translation>abierta</translation>
        </message>
        <message>
            <source>paid</source>
            <comment>an invoice</comment>
            <translation>pagada</translation>
        </message>
        <message>
            <source>refunded</source>
            <comment>an invoice refunded in full</comment>
            <translation>devuelta</translation>
        </message>
        <message>
            <source>pending</source>
            <comment>an approval request waiting for a person</comment>
            <translation>pendiente</translation>
        </message>
        <message>
            <source>approved</source>
            <comment>an approval request</comment>
            <translation>aprobada</translation>
        </message>
        <message>
            <source>declined</source>
            <comment>an approval request</comment>
            <translation>rechazada</translation>
        </message>
        <message>
            <source>withdrawn</source>
            <comment>an approval request its AI client took back</comment>
            <translation>retirada</translation>
        </message>
        <message>
            <source>cancelled</source>
            <comment>an approval request</comment>
            <translation>cancelada</translation>
        </message>
        <message>
            <source>modern</source>
            <comment>the 2026-07-28 protocol era</comment>
            <translation>moderna</translation>
        </message>
        <message>
            <source>legacy</source>
            <comment>the 2025-11-25 protocol era</comment>
            <translation>anterior</translation>
        </message>
        <message>
            <source>command</source>
            <comment>a change made with an office-mcp command</comment>
            <translation>comando</translation>
        </message>
        <message>
            <source>slot booked</source>
            <comment>an audit action</comment>
            <translation>cita reservada</translation>
        </message>
        <message>
            <source>lunch ordered</source>
            <comment>an audit action</comment>
            <translation>comida pedida</translation>
        </message>
        <message>
            <source>refund issued</source>
            <comment>an audit action</comment>
            <translation>devolución hecha</translation>
        </message>
        <message>
            <source>refund queued</source>
            <comment>an audit action</comment>
            <translation>devolución en espera</translation>
        </message>
        <message>
            <source>refund declined</source>
            <comment>an audit action</comment>
            <translation>devolución rechazada</translation>
        </message>
        <message>
            <source>refund re-opened</source>
            <comment>an audit action</comment>
            <translation>devolución reabierta</translation>
        </message>
        <message>
            <source>refund withdrawn</source>
            <comment>an audit action</comment>
            <translation>devolución retirada</translation>
        </message>
        <message>
            <source>customer added</source>
            <comment>an audit action</comment>
            <translation>cliente añadido</translation>
        </message>
        <message>
            <source>customer edited</source>
            <comment>an audit action</comment>
            <translation>cliente editado</translation>
        </message>
        <message>
            <source>customer removed</source>
            <comment>an audit action</comment>
            <translation>cliente eliminado</translation>
        </message>
        <message>
            <source>customers imported</source>
            <comment>an audit action</comment>
            <translation>clientes importados</translation>
        </message>
        <message>
            <source>invoice added</source>
            <comment>an audit action</comment>
            <translation>factura añadida</translation>
        </message>
        <message>
            <source>invoice paid</source>
            <comment>an audit action</comment>
            <translation>factura pagada</translation>
        </message>
        <message>
            <source>menu item added</source>
            <comment>an audit action</comment>
            <translation>plato añadido al menú</translation>
        </message>
        <message>
            <source>menu item removed</source>
            <comment>an audit action</comment>
            <translation>plato quitado del menú</translation>
        </message>
        <message>
            <source>customer</source>
            <comment>what an audit row is about</comment>
            <translation>cliente</translation>
        </message>
        <message>
            <source>invoice</source>
            <comment>what an audit row is about</comment>
            <translation>factura</translation>
        </message>
        <message>
            <source>slot</source>
            <comment>what an audit row is about</comment>
            <translation>cita</translation>
        </message>
        <message>
            <source>lunch order</source>
            <comment>what an audit row is about</comment>
            <translation>pedido de comida</translation>
        </message>
        <message>
            <source>menu item</source>
            <comment>what an audit row is about</comment>
            <translation>plato del menú</translation>
        </message>
        <message>
            <source>approval request</source>
            <comment>what an audit row is about</comment>
            <translation>solicitud de aprobación</translation>
        </message>
        <message>
            <source>refund</source>
            <comment>what an audit row is about</comment>
            <translation>devolución</translation>
        </message>
        <message>
            <source>Select a row first.</source>
            <translation>Seleccione antes una fila.</translation>
        </message>
        <message>
            <source>Only an open invoice can be marked paid.</source>
            <translation>Solo una factura abierta puede marcarse como pagada.</translation>
        </message>
        <message>
            <source>Starts at</source>
            <translation>Empieza</translation>
        </message>
        <message>
            <source>booking cancelled</source>
            <comment>an audit action</comment>
            <translation>cita cancelada</translation>
        </message>
        <message>
            <source>booking moved</source>
            <comment>an audit action</comment>
            <translation>cita cambiada</translation>
        </message>
        <message>
            <source>office changed</source>
            <comment>an audit action</comment>
            <translation>oficina cambiada</translation>
        </message>
        <message>
            <source>hours set</source>
            <comment>an audit action</comment>
            <translation>horario fijado</translation>
        </message>
        <message>
            <source>days closed</source>
            <comment>an audit action</comment>
            <translation>días cerrados</translation>
        </message>
        <message>
            <source>day opened</source>
            <comment>an audit action</comment>
            <translation>día abierto</translation>
        </message>
    </context>
    <context>
        <name>DeskLanguage</name>
        <message>
            <source>&amp;Language</source>
            <translation>&amp;Idioma</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>Idioma</translation>
        </message>
        <message>
            <source>office-desk will speak %1 the next time it starts.</source>
            <translation>office-desk usará el idioma %1 la próxima vez que se inicie.</translation>
        </message>
        <message>
            <source>The system's language</source>
            <translation>El idioma del sistema</translation>
        </message>
    </context>
    <context>
        <name>DeskSettings</name>
        <message>
            <source>%1 could not be started: %2</source>
            <translation>No se pudo iniciar %1: %2</translation>
        </message>
        <message>
            <source>%1 did not answer "db path" within %2 seconds</source>
            <translation>%1 no respondió a «db path» en %2 segundos</translation>
        </message>
        <message>
            <source>%1 db path failed (exit status %2)%3</source>
            <translation>%1 db path falló (código de salida %2)%3</translation>
        </message>
        <message>
            <source>%1 db path printed nothing</source>
            <translation>%1 db path no devolvió nada</translation>
        </message>
    </context>
    <context>
        <name>ElicitationDialog</name>
        <message>
            <source>The server</source>
            <translation>El servidor</translation>
        </message>
        <message>
            <source>Refund for invoice %1</source>
            <translation>Devolución de la factura %1</translation>
        </message>
        <message>
            <source>%1 asks</source>
            <translation>%1 pregunta</translation>
        </message>
        <message>
            <source>&lt;b&gt;A refund needs your approval&lt;/b&gt;</source>
            <translation>&lt;b&gt;Una devolución necesita su aprobación&lt;/b&gt;</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; asks for your input</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; le pide unos datos</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; asks for your input to run &lt;code&gt;%2&lt;/code&gt;</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; le pide unos datos para ejecutar &lt;code&gt;%2&lt;/code&gt;</translation>
        </message>
        <message>
            <source>an elicitation/create request (2025-11-25 session)</source>
            <translation>una petición elicitation/create (sesión 2025-11-25)</translation>
        </message>
        <message>
            <source>an input_required result (2026-07-28; the call is retried with the answer)</source>
            <translation>un resultado input_required (2026-07-28; la llamada se repite con la respuesta)</translation>
        </message>
        <message>
            <source>Details: %1 asked through %2.</source>
            <translation>Detalles: %1 preguntó mediante %2.</translation>
        </message>
        <message>
            <source>Details: %1 asked for %2 through %3.</source>
            <translation>Detalles: %1 preguntó para %2 mediante %3.</translation>
        </message>
        <message>
            <source>Accept</source>
            <translation>Aceptar</translation>
        </message>
        <message>
            <source>Decline</source>
            <translation>Rechazar</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Cancelar</translation>
        </message>
        <message>
            <source>Send the values above to the server</source>
            <translation>Enviar al servidor los datos de arriba</translation>
        </message>
        <message>
            <source>Say no: the server is told the request was declined</source>
            <translation>Decir que no: se comunica al servidor que la solicitud se ha rechazado</translation>
        </message>
        <message>
            <source>Dismiss without deciding</source>
            <translation>Cerrar sin decidir</translation>
        </message>
        <message>
            <source>The question</source>
            <translation>La pregunta</translation>
        </message>
        <message>
            <source>What keeps the answer from being accepted</source>
            <translation>Lo que impide aceptar la respuesta</translation>
        </message>
        <message>
            <source>Answer</source>
            <translation>Respuesta</translation>
        </message>
        <message>
            <source>To accept: %1.</source>
            <translation>Para aceptar: %1.</translation>
        </message>
        <message>
            <source>; </source>
            <comment>between two problems in a list</comment>
            <translation>; </translation>
        </message>
    </context>
    <context>
        <name>FirstOffice</name>
        <message>
            <source>%1 could not be started: %2</source>
            <translation>No se pudo iniciar %1: %2</translation>
        </message>
        <message>
            <source>%1 db init did not finish within %2 seconds</source>
            <translation>%1 db init no terminó en %2 segundos</translation>
        </message>
        <message>
            <source>%1 db init failed (exit code %2)</source>
            <translation>%1 db init falló (código de salida %2)</translation>
        </message>
    </context>
    <context>
        <name>FirstOfficeDialog</name>
        <message>
            <source>The demo office, to look around</source>
            <translation>La oficina de demostración, para echar un vistazo</translation>
        </message>
        <message>
            <source>My own office, empty</source>
            <translation>Mi propia oficina, vacía</translation>
        </message>
        <message>
            <source>Welcome to office-desk</source>
            <translation>Bienvenido a office-desk</translation>
        </message>
        <message>
            <source>&lt;b&gt;Which office do you want to work with?&lt;/b&gt;</source>
            <translation>&lt;b&gt;¿Con qué oficina quiere trabajar?&lt;/b&gt;</translation>
        </message>
        <message>
            <source>There is no office on this computer yet. office-desk will create it in %1.</source>
            <translation>Aún no hay ninguna oficina en este equipo. office-desk la creará en %1.</translation>
        </message>
        <message>
            <source>Three customers, four invoices, a few appointment slots and a lunch menu, made up to try every tool.</source>
            <translation>Tres clientes, cuatro facturas, algunas citas y un menú de comida, inventados para probar cada herramienta.</translation>
        </message>
        <message>
            <source>No customers, invoices, slots or menu: add your own in the Database tab, or import your customers with office-mcp customers import FILE.csv.</source>
            <translation>Sin clientes, facturas, citas ni menú: añada los suyos en la pestaña Base de datos, o importe sus clientes con office-mcp customers import FICHERO.csv.</translation>
        </message>
        <message>
            <source>Create the office</source>
            <translation>Crear la oficina</translation>
        </message>
        <message>
            <source>You can switch later with the Office menu, or &lt;code&gt;office-mcp db reset --empty&lt;/code&gt; (or &lt;code&gt;--demo&lt;/code&gt;): either replaces the office, and everything in it is lost.</source>
            <translation>Puede cambiar más adelante con el menú Oficina, o con &lt;code&gt;office-mcp db reset --empty&lt;/code&gt; (o &lt;code&gt;--demo&lt;/code&gt;): ambos sustituyen la oficina, y todo lo que contiene se pierde.</translation>
        </message>
    </context>
    <context>
        <name>HttpTransport</name>
        <message>
            <source>the office closed the stream (HTTP %1)</source>
            <translation>la oficina cerró el flujo (HTTP %1)</translation>
        </message>
        <message>
            <source>The office at %1 could not be reached: %2.</source>
            <translation>No se pudo contactar con la oficina en %1: %2.</translation>
        </message>
        <message>
            <source>The office at %1 refused the connection: it needs a token.</source>
            <translation>La oficina en %1 rechazó la conexión: necesita un token.</translation>
        </message>
        <message>
            <source>The office refused the token (HTTP %1). Check the token in the server settings.</source>
            <translation>La oficina rechazó el token (HTTP %1). Revise el token en los ajustes del servidor.</translation>
        </message>
        <message>
            <source>The office at %1 answered HTTP %2: %3</source>
            <translation>La oficina en %1 respondió HTTP %2: %3</translation>
        </message>
    </context>
    <context>
        <name>LocalNumbers</name>
        <message>
            <source>must be a number</source>
            <translation>debe ser un número</translation>
        </message>
        <message>
            <source>is ambiguous: %1 could mean %2 or %3</source>
            <translation>es ambiguo: %1 puede ser %2 o %3</translation>
        </message>
        <message>
            <source>must have at most two decimals</source>
            <translation>admite como mucho dos decimales</translation>
        </message>
        <message>
            <source>is too large</source>
            <translation>es demasiado grande</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>Activity</source>
            <translation>Actividad</translation>
        </message>
        <message>
            <source>From %1, read every 5 s.</source>
            <translation>De %1, leído cada 5 s.</translation>
        </message>
        <message>
            <source>From office-mcp's log on this computer.</source>
            <translation>Del registro de office-mcp en este equipo.</translation>
        </message>
        <message>
            <source>office-desk</source>
            <translation>office-desk</translation>
        </message>
        <message>
            <source>Database</source>
            <translation>Base de datos</translation>
        </message>
        <message>
            <source>Traffic</source>
            <translation>Tráfico</translation>
        </message>
        <message>
            <source>Server log</source>
            <translation>Registro del servidor</translation>
        </message>
        <message>
            <source>Connect a client</source>
            <translation>Conectar un cliente</translation>
        </message>
        <message>
            <source>Approval queue</source>
            <translation>Cola de aprobación</translation>
        </message>
        <message>
            <source>
— office-mcp crashed —
</source>
            <translation>
— office-mcp se ha bloqueado —
</translation>
        </message>
        <message>
            <source>
— office-mcp exited with code %1 —
</source>
            <translation>
— office-mcp terminó con el código %1 —
</translation>
        </message>
        <message>
            <source>The server withdrew its question.</source>
            <translation>El servidor retiró su pregunta.</translation>
        </message>
        <message>
            <source>Could not ask office-mcp for its database (%1). Choose one in the server settings.</source>
            <translation>No se pudo preguntar a office-mcp por su base de datos (%1). Elija una en los ajustes del servidor.</translation>
        </message>
        <message>
            <source>Connecting to %1…</source>
            <translation>Conectando con %1…</translation>
        </message>
        <message>
            <source>Restarting office-mcp with the new settings…</source>
            <translation>Reiniciando office-mcp con los nuevos ajustes…</translation>
        </message>
        <message>
            <source>Re-open runs `office-mcp approvals reopen` on the office's machine; a remote office offers no tool for it.</source>
            <translation>Reabrir ejecuta `office-mcp approvals reopen` en el equipo de la oficina; una oficina remota no ofrece ninguna herramienta para ello.</translation>
        </message>
        <message>
            <source>Not connected to %1.</source>
            <translation>Sin conexión con %1.</translation>
        </message>
        <message>
            <source>office-mcp is not running.</source>
            <translation>office-mcp no está en marcha.</translation>
        </message>
        <message>
            <source>Not connected.</source>
            <translation>Sin conexión.</translation>
        </message>
        <message>
            <source>This office does not offer its tables as resources (an office-mcp older than this desk).</source>
            <translation>Esta oficina no ofrece sus tablas como recursos (un office-mcp más antiguo que este escritorio).</translation>
        </message>
        <message>
            <source>This office does not offer its approval queue as a resource.</source>
            <translation>Esta oficina no ofrece su cola de aprobación como recurso.</translation>
        </message>
        <message>
            <source>live</source>
            <translation>en directo</translation>
        </message>
        <message>
            <source>polled every %1 s</source>
            <translation>consultada cada %1 s</translation>
        </message>
        <message>
            <source>%1 · %2</source>
            <translation>%1 · %2</translation>
        </message>
        <message>
            <source>connecting to %1…</source>
            <translation>conectando con %1…</translation>
        </message>
        <message>
            <source>starting…</source>
            <translation>iniciando…</translation>
        </message>
        <message>
            <source>stopping…</source>
            <translation>deteniendo…</translation>
        </message>
        <message>
            <source>not connected</source>
            <translation>sin conexión</translation>
        </message>
        <message>
            <source>not started</source>
            <translation>sin iniciar</translation>
        </message>
        <message>
            <source>crashed</source>
            <translation>bloqueado</translation>
        </message>
        <message>
            <source>stopped · exit code %1</source>
            <translation>detenido · código de salida %1</translation>
        </message>
        <message>
            <source>Connect to the office to review requests.</source>
            <translation>Conéctese a la oficina para revisar solicitudes.</translation>
        </message>
        <message>
            <source>Start office-mcp to review requests.</source>
            <translation>Inicie office-mcp para revisar solicitudes.</translation>
        </message>
        <message>
            <source>The current profile hides issue_refund.</source>
            <translation>El perfil actual oculta issue_refund.</translation>
        </message>
        <message>
            <source>Turn on Forms (elicitation) to review requests here.</source>
            <translation>Active Formularios (elicitation) para revisar aquí las solicitudes.</translation>
        </message>
        <message>
            <source>Reviewing the refund of invoice %1…</source>
            <translation>Revisando la devolución de la factura %1…</translation>
        </message>
        <message>
            <source>Request #%1 is waiting again.</source>
            <translation>La solicitud n.º %1 vuelve a estar pendiente.</translation>
        </message>
        <message>
            <source>Request #%1 was not re-opened (office-mcp exited with code %2).</source>
            <translation>La solicitud n.º %1 no se ha reabierto (office-mcp terminó con el código %2).</translation>
        </message>
        <message>
            <source>Request #%1 was not re-opened: %2 did not start (%3).</source>
            <translation>La solicitud n.º %1 no se ha reabierto: %2 no se pudo iniciar (%3).</translation>
        </message>
        <message>
            <source>Invoice %1: %2</source>
            <translation>Factura %1: %2</translation>
        </message>
        <message>
            <source>Approval queue (%1 waiting)</source>
            <translation>Cola de aprobación (%1 pendientes)</translation>
        </message>
        <message>
            <source>(%1) office-desk</source>
            <translation>(%1) office-desk</translation>
        </message>
        <message numerus="yes">
            <source>office-desk: %n refund(s) waiting for approval</source>
            <translation>
                <numerusform>office-desk: %n devolución pendiente de aprobación</numerusform>
                <numerusform>office-desk: %n devoluciones pendientes de aprobación</numerusform>
            </translation>
        </message>
        <message>
            <source>A refund waits for approval</source>
            <translation>Una devolución espera aprobación</translation>
        </message>
        <message numerus="yes">
            <source>%n refund request(s) waiting in office-desk.</source>
            <translation>
                <numerusform>%n solicitud de devolución espera en office-desk.</numerusform>
                <numerusform>%n solicitudes de devolución esperan en office-desk.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>connected · %1 %2 · %3 · %4 · %n tool(s)</source>
            <translation>
                <numerusform>conectado · %1 %2 · %3 · %4 · %n herramienta</numerusform>
                <numerusform>conectado · %1 %2 · %3 · %4 · %n herramientas</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>running · %1 %2 · %3 · pid %4 · %n tool(s)</source>
            <translation>
                <numerusform>en marcha · %1 %2 · %3 · pid %4 · %n herramienta</numerusform>
                <numerusform>en marcha · %1 %2 · %3 · pid %4 · %n herramientas</numerusform>
            </translation>
        </message>
        <message>
            <source>Finish signing in in your web browser; office-desk connects when you are done.</source>
            <translation>Termine de iniciar sesión en su navegador; office-desk se conecta cuando termine.</translation>
        </message>
        <message>
            <source>Signed in as %1.</source>
            <translation>Sesión iniciada como %1.</translation>
        </message>
        <message>
            <source>&amp;Office</source>
            <translation>&amp;Oficina</translation>
        </message>
        <message>
            <source>Replace with the demo office</source>
            <translation>Sustituir por la oficina de demostración</translation>
        </message>
        <message>
            <source>Replace with an empty office</source>
            <translation>Sustituir por una oficina vacía</translation>
        </message>
        <message>
            <source>Replace the office in %1 with the demo office? Everything in it now (customers, invoices, bookings, refunds, the audit) is lost.</source>
            <translation>¿Sustituir la oficina de %1 por la de demostración? Todo lo que contiene ahora (clientes, facturas, citas, devoluciones, la auditoría) se pierde.</translation>
        </message>
        <message>
            <source>Replace the office in %1 with an empty one? Everything in it now (customers, invoices, bookings, refunds, the audit) is lost.</source>
            <translation>¿Sustituir la oficina de %1 por una vacía? Todo lo que contiene ahora (clientes, facturas, citas, devoluciones, la auditoría) se pierde.</translation>
        </message>
        <message>
            <source>Replace the office</source>
            <translation>Sustituir la oficina</translation>
        </message>
        <message>
            <source>Replace with an empty office…</source>
            <translation>Sustituir por una oficina vacía…</translation>
        </message>
        <message>
            <source>Replace with the demo office…</source>
            <translation>Sustituir por la oficina de demostración…</translation>
        </message>
        <message>
            <source>The office is the demo office again.</source>
            <translation>La oficina vuelve a ser la de demostración.</translation>
        </message>
        <message>
            <source>The office is empty now: yours to fill.</source>
            <translation>La oficina está vacía: llénela con lo suyo.</translation>
        </message>
        <message>
            <source>The office was not replaced: %1</source>
            <translation>La oficina no se sustituyó: %1</translation>
        </message>
        <message>
            <source>office-mcp exited with code %1</source>
            <translation>office-mcp terminó con el código %1</translation>
        </message>
        <message>
            <source>The office was not replaced: %1 did not start (%2).</source>
            <translation>La oficina no se sustituyó: %1 no se inició (%2).</translation>
        </message>
        <message>
            <source>Calendar</source>
            <translation>Calendario</translation>
        </message>
        <message>
            <source>This office does not offer its calendar (an office-mcp older than this desk).</source>
            <translation>Esta oficina no ofrece su calendario (un office-mcp más antiguo que este escritorio).</translation>
        </message>
    </context>
    <context>
        <name>McpCallResult</name>
        <message>
            <source>JSON-RPC error %1: %2</source>
            <translation>Error JSON-RPC %1: %2</translation>
        </message>
        <message>
            <source>Link: %1 (%2)</source>
            <translation>Enlace: %1 (%2)</translation>
        </message>
        <message>
            <source>[%1 content]</source>
            <translation>[contenido %1]</translation>
        </message>
    </context>
    <context>
        <name>McpClient</name>
        <message>
            <source>The subscription ended: %1.</source>
            <translation>La suscripción terminó: %1.</translation>
        </message>
        <message>
            <source>Could not start %1: %2</source>
            <translation>No se pudo iniciar %1: %2</translation>
        </message>
        <message>
            <source>office-mcp could not be started.</source>
            <translation>No se pudo iniciar office-mcp.</translation>
        </message>
        <message>
            <source>"%1" is not an office address; it looks like http://host:port/mcp.</source>
            <translation>«%1» no es la dirección de una oficina; tiene la forma http://host:puerto/mcp.</translation>
        </message>
        <message>
            <source>No office-mcp program is set.</source>
            <translation>No se ha indicado ningún programa office-mcp.</translation>
        </message>
        <message>
            <source>Disconnected from the office before it answered.</source>
            <translation>Se perdió la conexión con la oficina antes de su respuesta.</translation>
        </message>
        <message>
            <source>initialize was refused: %1</source>
            <translation>initialize fue rechazado: %1</translation>
        </message>
        <message>
            <source>The office ended the subscription.</source>
            <translation>La oficina terminó la suscripción.</translation>
        </message>
        <message>
            <source>office-mcp crashed before answering.</source>
            <translation>office-mcp se bloqueó antes de responder.</translation>
        </message>
        <message>
            <source>office-mcp exited (code %1) before answering.</source>
            <translation>office-mcp terminó (código %1) antes de responder.</translation>
        </message>
        <message>
            <source>office-mcp is not running.</source>
            <translation>office-mcp no está en marcha.</translation>
        </message>
        <message>
            <source>office-mcp is not running; the answer could not be sent.</source>
            <translation>office-mcp no está en marcha; no se pudo enviar la respuesta.</translation>
        </message>
        <message>
            <source>The server asked for %1, which office-desk does not offer.</source>
            <translation>El servidor pidió %1, que office-desk no ofrece.</translation>
        </message>
        <message>
            <source>Not connected to an office.</source>
            <translation>Sin conexión con ninguna oficina.</translation>
        </message>
        <message>
            <source>%1 (%2)</source>
            <translation>%1 (%2)</translation>
        </message>
        <message>
            <source>office://%1 did not hold a page of JSON rows.</source>
            <translation>office://%1 no contenía una página de filas JSON.</translation>
        </message>
        <message>
            <source>office://%1 changed its columns between pages.</source>
            <translation>office://%1 cambió de columnas entre páginas.</translation>
        </message>
        <message>
            <source>office://%1 gave a next page that cannot be followed: %2</source>
            <translation>office://%1 indicó una página siguiente que no se puede seguir: %2</translation>
        </message>
    </context>
    <context>
        <name>MetricsFeed</name>
        <message>
            <source>The office refused to show its figures to this token (HTTP %1).</source>
            <translation>La oficina no muestra sus cifras a este token (HTTP %1).</translation>
        </message>
        <message>
            <source>The office answered HTTP %1 for %2.</source>
            <translation>La oficina respondió HTTP %1 a %2.</translation>
        </message>
        <message>
            <source>The office's figures could not be read: %1</source>
            <translation>No se pudieron leer las cifras de la oficina: %1</translation>
        </message>
    </context>
    <context>
        <name>OAuthSignIn</name>
        <message>
            <source>The office at %1 names no service to sign in with.</source>
            <translation>La oficina en %1 no indica ningún servicio con el que iniciar sesión.</translation>
        </message>
        <message>
            <source>%1 publishes no authorization server metadata: %2</source>
            <translation>%1 no publica metadatos de servidor de autorización: %2</translation>
        </message>
        <message>
            <source>The metadata of %1 names another issuer (%2); office-desk does not sign in there.</source>
            <translation>Los metadatos de %1 indican otro emisor (%2); office-desk no inicia sesión allí.</translation>
        </message>
        <message>
            <source>The metadata of %1 names no authorization or token endpoint.</source>
            <translation>Los metadatos de %1 no indican ningún punto de autorización o de token.</translation>
        </message>
        <message>
            <source>%1 does not offer PKCE with S256, which office-desk requires.</source>
            <translation>%1 no ofrece PKCE con S256, que office-desk exige.</translation>
        </message>
        <message>
            <source>%1 does not let office-desk register itself; ask for a token instead.</source>
            <translation>%1 no permite que office-desk se registre; pida un token en su lugar.</translation>
        </message>
        <message>
            <source>%1 did not register office-desk: %2</source>
            <translation>%1 no registró office-desk: %2</translation>
        </message>
        <message>
            <source>office-desk could not listen on 127.0.0.1 for the browser's answer.</source>
            <translation>office-desk no pudo escuchar en 127.0.0.1 la respuesta del navegador.</translation>
        </message>
        <message>
            <source>office-desk has your sign-in. You can close this page.</source>
            <translation>office-desk ya tiene su inicio de sesión. Puede cerrar esta página.</translation>
        </message>
        <message>
            <source>The answer to the sign-in did not come from %1; it was ignored.</source>
            <translation>La respuesta al inicio de sesión no vino de %1; se ha ignorado.</translation>
        </message>
        <message>
            <source>No web browser could be opened. Open this address yourself: %1</source>
            <translation>No se pudo abrir ningún navegador. Abra usted esta dirección: %1</translation>
        </message>
        <message>
            <source>%1 did not sign you in: %2</source>
            <translation>%1 no inició su sesión: %2</translation>
        </message>
        <message>
            <source>%1 gave office-desk no token: %2</source>
            <translation>%1 no dio ningún token a office-desk: %2</translation>
        </message>
        <message>
            <source>The sign-in to %1 has ended (%2). Sign in again.</source>
            <translation>La sesión en %1 ha terminado (%2). Inicie sesión de nuevo.</translation>
        </message>
        <message>
            <source>The access token could not be refreshed: %1</source>
            <translation>No se pudo renovar el token de acceso: %1</translation>
        </message>
    </context>
    <context>
        <name>OfficeFeed</name>
        <message>
            <source>This office's profile does not show %1.</source>
            <translation>El perfil de esta oficina no muestra %1.</translation>
        </message>
    </context>
    <context>
        <name>RecordDialog</name>
        <message>
            <source>Customer ID</source>
            <translation>ID de cliente</translation>
        </message>
        <message>
            <source>Invoice ID</source>
            <translation>ID de factura</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>Nombre</translation>
        </message>
        <message>
            <source>Email</source>
            <translation>Correo electrónico</translation>
        </message>
        <message>
            <source>Amount</source>
            <translation>Importe</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>Estado</translation>
        </message>
        <message>
            <source>Item</source>
            <translation>Plato</translation>
        </message>
        <message>
            <source>Price</source>
            <translation>Precio</translation>
        </message>
        <message>
            <source>Add a customer</source>
            <translation>Añadir un cliente</translation>
        </message>
        <message>
            <source>Edit a customer</source>
            <translation>Editar un cliente</translation>
        </message>
        <message>
            <source>Remove a customer</source>
            <translation>Eliminar un cliente</translation>
        </message>
        <message>
            <source>Add an invoice</source>
            <translation>Añadir una factura</translation>
        </message>
        <message>
            <source>Mark an invoice paid</source>
            <translation>Marcar una factura como pagada</translation>
        </message>
        <message>
            <source>Add to the menu</source>
            <translation>Añadir al menú</translation>
        </message>
        <message>
            <source>Remove from the menu</source>
            <translation>Quitar del menú</translation>
        </message>
        <message>
            <source>A new customer of the office: their name and email address. An email that is already a customer's is refused.</source>
            <translation>Un cliente nuevo de la oficina: su nombre y su correo electrónico. Un correo que ya es de un cliente se rechaza.</translation>
        </message>
        <message>
            <source>Change the name or email address of customer %1.</source>
            <translation>Cambie el nombre o el correo electrónico del cliente %1.</translation>
        </message>
        <message>
            <source>Remove customer %1 from the office? The office refuses while the customer has invoices or bookings.</source>
            <translation>¿Eliminar al cliente %1 de la oficina? La oficina no lo elimina mientras tenga facturas o citas.</translation>
        </message>
        <message>
            <source>A new invoice for a customer. Write the amount as on the invoice, with a point and at most two decimals (1234.56).</source>
            <translation>Una factura nueva para un cliente. Escriba el importe como en la factura, con punto y como mucho dos decimales (1234.56).</translation>
        </message>
        <message>
            <source>Mark invoice %1 paid?</source>
            <translation>¿Marcar la factura %1 como pagada?</translation>
        </message>
        <message>
            <source>A new item on the lunch menu that AI clients order from, with its price if it has one (4.50).</source>
            <translation>Un plato nuevo en el menú del que piden los clientes de IA, con su precio si lo tiene (4.50).</translation>
        </message>
        <message>
            <source>Take %1 off the lunch menu? Orders already made keep it.</source>
            <translation>¿Quitar %1 del menú? Los pedidos ya hechos lo conservan.</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>Eliminar</translation>
        </message>
        <message>
            <source>Mark paid</source>
            <translation>Marcar como pagada</translation>
        </message>
        <message>
            <source>Add</source>
            <translation>Añadir</translation>
        </message>
        <message>
            <source>Save</source>
            <translation>Guardar</translation>
        </message>
        <message>
            <source>open</source>
            <comment>an invoice not yet paid</comment>
            <translation>abierta</translation>
        </message>
        <message>
            <source>paid</source>
            <comment>an invoice</comment>
            <translation>pagada</translation>
        </message>
        <message>
            <source>Why the office refused</source>
            <translation>Por qué la oficina lo rechazó</translation>
        </message>
        <message>
            <source>Saving…</source>
            <translation>Guardando…</translation>
        </message>
        <message>
            <source>To save: %1.</source>
            <translation>Para guardar: %1.</translation>
        </message>
        <message>
            <source>; </source>
            <comment>between two problems in a list</comment>
            <translation>; </translation>
        </message>
        <message>
            <source>Slot</source>
            <translation>Hueco</translation>
        </message>
        <message>
            <source>New slot</source>
            <translation>Hueco nuevo</translation>
        </message>
        <message>
            <source>Time zone</source>
            <translation>Zona horaria</translation>
        </message>
        <message>
            <source>Bookings up to (days ahead)</source>
            <translation>Citas hasta (días de antelación)</translation>
        </message>
        <message>
            <source>Weekdays</source>
            <translation>Días de la semana</translation>
        </message>
        <message>
            <source>Hours</source>
            <translation>Horario</translation>
        </message>
        <message>
            <source>Slot length (minutes)</source>
            <translation>Duración del hueco (minutos)</translation>
        </message>
        <message>
            <source>From</source>
            <translation>Desde</translation>
        </message>
        <message>
            <source>To</source>
            <translation>Hasta</translation>
        </message>
        <message>
            <source>Reason</source>
            <translation>Motivo</translation>
        </message>
        <message>
            <source>Day</source>
            <translation>Día</translation>
        </message>
        <message>
            <source>Cancel a booking</source>
            <translation>Cancelar una cita</translation>
        </message>
        <message>
            <source>Move a booking</source>
            <translation>Cambiar una cita</translation>
        </message>
        <message>
            <source>Opening hours</source>
            <translation>Horario de apertura</translation>
        </message>
        <message>
            <source>Close the office</source>
            <translation>Cerrar la oficina</translation>
        </message>
        <message>
            <source>Open a closed day</source>
            <translation>Abrir un día cerrado</translation>
        </message>
        <message>
            <source>The office's time zone and name</source>
            <translation>Zona horaria y nombre de la oficina</translation>
        </message>
        <message>
            <source>Cancel the booking of slot %1? The slot is offered again.</source>
            <translation>¿Cancelar la cita del hueco %1? El hueco vuelve a ofrecerse.</translation>
        </message>
        <message>
            <source>Move the booking of slot %1 to slot %2? The old slot is freed only once the new one is booked.</source>
            <translation>¿Cambiar la cita del hueco %1 al hueco %2? El hueco anterior solo se libera cuando el nuevo queda reservado.</translation>
        </message>
        <message>
            <source>The hours of some weekdays, in the office's time zone: mon-fri and 09:00-13:00,15:00-18:00, or closed. Bookings already made are kept, even outside the new hours.</source>
            <translation>El horario de algunos días de la semana, en la zona horaria de la oficina: mon-fri y 09:00-13:00,15:00-18:00, o closed. Las citas ya hechas se conservan, aunque queden fuera del nuevo horario.</translation>
        </message>
        <message>
            <source>Close the office on a day, or from one day to another (a holiday): no slots are offered then. Bookings already made are kept.</source>
            <translation>Cerrar la oficina un día, o de un día a otro (un festivo): entonces no se ofrecen huecos. Las citas ya hechas se conservan.</translation>
        </message>
        <message>
            <source>Open %1 again, as its hours say?</source>
            <translation>¿Abrir de nuevo el %1, según su horario?</translation>
        </message>
        <message>
            <source>The office's time zone (a name such as Europe/Madrid or America/Mexico_City), its name, and how far ahead it takes bookings. Bookings keep their local day and time.</source>
            <translation>La zona horaria de la oficina (un nombre como Europe/Madrid o America/Mexico_City), su nombre y con cuánta antelación acepta citas. Las citas conservan su día y hora locales.</translation>
        </message>
        <message>
            <source>Cancel the booking</source>
            <translation>Cancelar la cita</translation>
        </message>
        <message>
            <source>Move</source>
            <translation>Cambiar</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Cerrar</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>Abrir</translation>
        </message>
        <message>
            <source>Keep it</source>
            <translation>Mantenerla</translation>
        </message>
    </context>
    <context>
        <name>RefundContext</name>
        <message>
            <source>You started this refund from the tools panel.</source>
            <translation>Usted inició esta devolución desde el panel de herramientas.</translation>
        </message>
        <message>
            <source>An AI client</source>
            <translation>Un cliente de IA</translation>
        </message>
        <message>
            <source>%1 asked in approval request #%2.</source>
            <translation>%1 la pidió en la solicitud de aprobación n.º %2.</translation>
        </message>
        <message>
            <source>%1 asked in approval request #%2, today at %3.</source>
            <translation>%1 la pidió en la solicitud de aprobación n.º %2, hoy a las %3.</translation>
        </message>
        <message>
            <source>%1 asked in approval request #%2 on %3.</source>
            <translation>%1 la pidió en la solicitud de aprobación n.º %2 el %3.</translation>
        </message>
        <message>
            <source>Invoice %1</source>
            <translation>Factura %1</translation>
        </message>
        <message>
            <source>amount %1</source>
            <translation>importe %1</translation>
        </message>
        <message>
            <source>%1 refunded so far</source>
            <translation>%1 devuelto hasta ahora</translation>
        </message>
        <message>
            <source>%1 left</source>
            <translation>quedan %1</translation>
        </message>
    </context>
    <context>
        <name>ResultView</name>
        <message>
            <source>Call a tool to see its result here.</source>
            <translation>Llame a una herramienta para ver aquí su resultado.</translation>
        </message>
        <message>
            <source>Text</source>
            <translation>Texto</translation>
        </message>
        <message>
            <source>Structured</source>
            <translation>Estructurado</translation>
        </message>
        <message>
            <source>Raw</source>
            <translation>Sin procesar</translation>
        </message>
        <message>
            <source>&lt;span style='color:gray'&gt;No result yet.&lt;/span&gt;</source>
            <translation>&lt;span style='color:gray'&gt;Aún no hay resultado.&lt;/span&gt;</translation>
        </message>
        <message>
            <source>&lt;span style='color:gray'&gt;Calling &lt;code&gt;%1&lt;/code&gt;…&lt;/span&gt;</source>
            <translation>&lt;span style='color:gray'&gt;Llamando a &lt;code&gt;%1&lt;/code&gt;…&lt;/span&gt;</translation>
        </message>
        <message>
            <source>&lt;b style='color:#c62828'&gt;✗ Not sent&lt;/b&gt;</source>
            <translation>&lt;b style='color:#c62828'&gt;✗ No enviado&lt;/b&gt;</translation>
        </message>
        <message>
            <source>&lt;b style='color:#c62828'&gt;✗ %1 returned an error&lt;/b&gt; (isError: true)%2</source>
            <translation>&lt;b style='color:#c62828'&gt;✗ %1 devolvió un error&lt;/b&gt; (isError: true)%2</translation>
        </message>
        <message>
            <source>&lt;b style='color:#6d4c41'&gt;⊘ Declined&lt;/b&gt; · %1 changed nothing%2</source>
            <translation>&lt;b style='color:#6d4c41'&gt;⊘ Rechazada&lt;/b&gt; · %1 no cambió nada%2</translation>
        </message>
        <message>
            <source>&lt;b style='color:#6d4c41'&gt;⊘ Cancelled&lt;/b&gt; · %1 changed nothing%2</source>
            <translation>&lt;b style='color:#6d4c41'&gt;⊘ Cancelada&lt;/b&gt; · %1 no cambió nada%2</translation>
        </message>
        <message>
            <source>&lt;b style='color:#e65100'&gt;⏳ Waiting for approval&lt;/b&gt; · %1 queued it; nothing refunded yet%2</source>
            <translation>&lt;b style='color:#e65100'&gt;⏳ Pendiente de aprobación&lt;/b&gt; · %1 la puso en cola; aún no se ha devuelto nada%2</translation>
        </message>
        <message>
            <source>&lt;b style='color:#2e7d32'&gt;✓ %1 succeeded&lt;/b&gt;%2</source>
            <translation>&lt;b style='color:#2e7d32'&gt;✓ %1 se ejecutó correctamente&lt;/b&gt;%2</translation>
        </message>
        <message>
            <source>&lt;b style='color:#c62828'&gt;✗ JSON-RPC error %1&lt;/b&gt; from %2%3</source>
            <translation>&lt;b style='color:#c62828'&gt;✗ Error JSON-RPC %1&lt;/b&gt; de %2%3</translation>
        </message>
        <message>
            <source>&lt;b style='color:#c62828'&gt;✗ %1 did not complete&lt;/b&gt;</source>
            <translation>&lt;b style='color:#c62828'&gt;✗ %1 no terminó&lt;/b&gt;</translation>
        </message>
        <message>
            <source>(no structuredContent)</source>
            <translation>(sin structuredContent)</translation>
        </message>
        <message numerus="yes">
            <source> · %n round(s)</source>
            <comment>after the outcome of a call that asked a person</comment>
            <translation>
                <numerusform> · %n ronda</numerusform>
                <numerusform> · %n rondas</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>SchemaForm</name>
        <message>
            <source>must be exactly %1</source>
            <translation>debe ser exactamente %1</translation>
        </message>
        <message>
            <source>must be between %1 and %2</source>
            <translation>debe estar entre %1 y %2</translation>
        </message>
        <message>
            <source>must be greater than %1 and less than %2</source>
            <translation>debe ser mayor que %1 y menor que %2</translation>
        </message>
        <message>
            <source>must be greater than %1 and at most %2</source>
            <translation>debe ser mayor que %1 y como máximo %2</translation>
        </message>
        <message>
            <source>must be at least %1 and less than %2</source>
            <translation>debe ser al menos %1 y menor que %2</translation>
        </message>
        <message>
            <source>must be greater than %1</source>
            <translation>debe ser mayor que %1</translation>
        </message>
        <message>
            <source>must be at least %1</source>
            <translation>debe ser al menos %1</translation>
        </message>
        <message>
            <source>must be less than %1</source>
            <translation>debe ser menor que %1</translation>
        </message>
        <message>
            <source>must be at most %1</source>
            <translation>debe ser como máximo %1</translation>
        </message>
        <message>
            <source>must be an email address</source>
            <translation>debe ser una dirección de correo electrónico</translation>
        </message>
        <message>
            <source>must be a URI such as https://example.com</source>
            <translation>debe ser una URI como https://example.com</translation>
        </message>
        <message>
            <source>must be a calendar date as YYYY-MM-DD</source>
            <translation>debe ser una fecha con el formato AAAA-MM-DD</translation>
        </message>
        <message>
            <source>must be a date and time as YYYY-MM-DDTHH:MM:SSZ</source>
            <translation>debe ser una fecha y hora con el formato AAAA-MM-DDTHH:MM:SSZ</translation>
        </message>
        <message numerus="yes">
            <source>must be exactly %n character(s)</source>
            <translation>
                <numerusform>debe tener exactamente %n carácter</numerusform>
                <numerusform>debe tener exactamente %n caracteres</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>must be between %1 and %n character(s)</source>
            <translation>
                <numerusform>debe tener entre %1 y %n carácter</numerusform>
                <numerusform>debe tener entre %1 y %n caracteres</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>must be at least %n character(s)</source>
            <translation>
                <numerusform>debe tener al menos %n carácter</numerusform>
                <numerusform>debe tener al menos %n caracteres</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>must be at most %n character(s)</source>
            <translation>
                <numerusform>debe tener como máximo %n carácter</numerusform>
                <numerusform>debe tener como máximo %n caracteres</numerusform>
            </translation>
        </message>
        <message>
            <source>%1–%2 characters</source>
            <translation>%1–%2 caracteres</translation>
        </message>
        <message numerus="yes">
            <source>up to %n character(s)</source>
            <translation>
                <numerusform>hasta %n carácter</numerusform>
                <numerusform>hasta %n caracteres</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>at least %n character(s)</source>
            <translation>
                <numerusform>al menos %n carácter</numerusform>
                <numerusform>al menos %n caracteres</numerusform>
            </translation>
        </message>
        <message>
            <source>format: %1</source>
            <translation>formato: %1</translation>
        </message>
        <message>
            <source>pattern: %1</source>
            <translation>patrón: %1</translation>
        </message>
        <message>
            <source>%1 to %2</source>
            <translation>de %1 a %2</translation>
        </message>
        <message>
            <source>%1 and %2</source>
            <translation>%1 y %2</translation>
        </message>
        <message>
            <source>whole number</source>
            <translation>número entero</translation>
        </message>
        <message>
            <source>choose %1 to %2</source>
            <translation>elija de %1 a %2</translation>
        </message>
        <message>
            <source>choose at least %1</source>
            <translation>elija al menos %1</translation>
        </message>
        <message>
            <source>choose up to %1</source>
            <translation>elija hasta %1</translation>
        </message>
        <message>
            <source>JSON value</source>
            <translation>valor JSON</translation>
        </message>
        <message>
            <source>No arguments.</source>
            <translation>Sin argumentos.</translation>
        </message>
        <message>
            <source>%1 (required)</source>
            <translation>%1 (obligatorio)</translation>
        </message>
        <message>
            <source>%1 (optional)</source>
            <translation>%1 (opcional)</translation>
        </message>
        <message>
            <source>Problem with %1</source>
            <translation>Problema con %1</translation>
        </message>
        <message>
            <source>not set</source>
            <translation>sin indicar</translation>
        </message>
        <message>
            <source>Choose…</source>
            <translation>Elija…</translation>
        </message>
        <message>
            <source>is required</source>
            <translation>es obligatorio</translation>
        </message>
        <message>
            <source>must match %1</source>
            <translation>debe ajustarse a %1</translation>
        </message>
        <message>
            <source>must be a whole number</source>
            <translation>debe ser un número entero</translation>
        </message>
        <message>
            <source>must be a number</source>
            <translation>debe ser un número</translation>
        </message>
        <message>
            <source>must be a multiple of %1</source>
            <translation>debe ser múltiplo de %1</translation>
        </message>
        <message>
            <source>choose at most %1</source>
            <translation>elija como máximo %1</translation>
        </message>
        <message>
            <source>is not valid JSON</source>
            <translation>no es JSON válido</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <comment>a field's title, then what is wrong with its value</comment>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>Borrar</translation>
        </message>
    </context>
    <context>
        <name>ScreenshotDemo</name>
        <message>
            <source>Lunch was not delivered</source>
            <comment>a refund's reason, typed in the screenshot</comment>
            <translation>La comida no llegó</translation>
        </message>
        <message>
            <source>Charged twice for the 4 Sept visit</source>
            <comment>a refund's reason, typed in the screenshot</comment>
            <translation>Cobro duplicado de la visita del 4 de septiembre</translation>
        </message>
    </context>
    <context>
        <name>ServerLogView</name>
        <message>
            <source>trace id</source>
            <translation>id de traza</translation>
        </message>
        <message>
            <source>Show only the lines of this trace id</source>
            <translation>Mostrar solo las líneas de este id de traza</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>Hora</translation>
        </message>
        <message>
            <source>Level</source>
            <translation>Nivel</translation>
        </message>
        <message>
            <source>Outcome</source>
            <translation>Resultado</translation>
        </message>
        <message>
            <source>Method / tool</source>
            <translation>Método / herramienta</translation>
        </message>
        <message>
            <source>Duration</source>
            <translation>Duración</translation>
        </message>
        <message>
            <source>Client</source>
            <translation>Cliente</translation>
        </message>
        <message>
            <source>Problem</source>
            <translation>Problema</translation>
        </message>
        <message>
            <source>Show</source>
            <translation>Mostrar</translation>
        </message>
        <message>
            <source>everything</source>
            <translation>todo</translation>
        </message>
        <message>
            <source>info and above</source>
            <translation>info y superior</translation>
        </message>
        <message>
            <source>warnings and errors</source>
            <translation>avisos y errores</translation>
        </message>
        <message>
            <source>errors only</source>
            <translation>solo errores</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>Vaciar</translation>
        </message>
        <message>
            <source>Select a row to see the line office-mcp wrote.</source>
            <translation>Seleccione una fila para ver la línea que escribió office-mcp.</translation>
        </message>
        <message>
            <source>error %1</source>
            <translation>error %1</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <source>%1 µs</source>
            <translation>%1 µs</translation>
        </message>
    </context>
    <context>
        <name>ServerPanel</name>
        <message>
            <source>Forms (elicitation)</source>
            <translation>Formularios (elicitation)</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>Iniciar</translation>
        </message>
        <message>
            <source>Restart</source>
            <translation>Reiniciar</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Detener</translation>
        </message>
        <message>
            <source>The office-mcp executable office-desk starts</source>
            <translation>El ejecutable de office-mcp que inicia office-desk</translation>
        </message>
        <message>
            <source>The SQLite database given to office-mcp with --db, and shown read-only here</source>
            <translation>La base de datos SQLite que se pasa a office-mcp con --db y que aquí se muestra en solo lectura</translation>
        </message>
        <message>
            <source>--profile: which tools the server shows</source>
            <translation>--profile: qué herramientas muestra el servidor</translation>
        </message>
        <message>
            <source>2026-07-28 · stateless</source>
            <translation>2026-07-28 · sin estado</translation>
        </message>
        <message>
            <source>2025-11-25 · initialize</source>
            <translation>2025-11-25 · initialize</translation>
        </message>
        <message>
            <source>2026-07-28: every request carries the _meta envelope and refunds come back as input_required.
2025-11-25: an initialize handshake, and the server sends elicitation/create requests.</source>
            <translation>2026-07-28: cada petición lleva el sobre _meta y las devoluciones vuelven como input_required.
2025-11-25: un saludo initialize, y el servidor envía peticiones elicitation/create.</translation>
        </message>
        <message>
            <source>Declare form elicitation. Without it the server cannot ask here and queues refunds for approval.</source>
            <translation>Declarar la elicitation de formularios. Sin ella el servidor no puede preguntar aquí y pone las devoluciones en la cola de aprobación.</translation>
        </message>
        <message>
            <source>Local office</source>
            <translation>Oficina local</translation>
        </message>
        <message>
            <source>Remote office</source>
            <translation>Oficina remota</translation>
        </message>
        <message>
            <source>Local: office-desk starts office-mcp on this computer.
Remote: office-desk connects to an office served over HTTP (office-mcp --http).</source>
            <translation>Local: office-desk inicia office-mcp en este equipo.
Remota: office-desk se conecta a una oficina servida por HTTP (office-mcp --http).</translation>
        </message>
        <message>
            <source>The office's MCP address, as `office-mcp --http` prints it</source>
            <translation>La dirección MCP de la oficina, tal como la muestra `office-mcp --http`</translation>
        </message>
        <message>
            <source>bearer token</source>
            <translation>token de portador</translation>
        </message>
        <message>
            <source>The token `office-mcp token add NAME` printed on the office's machine. Kept in a file only you can read (0600), never in the settings file.</source>
            <translation>El token que mostró `office-mcp token add NOMBRE` en el equipo de la oficina. Se guarda en un archivo que solo usted puede leer (0600), nunca en el archivo de ajustes.</translation>
        </message>
        <message>
            <source>Server</source>
            <translation>Servidor</translation>
        </message>
        <message>
            <source>Database</source>
            <translation>Base de datos</translation>
        </message>
        <message>
            <source>URL</source>
            <translation>URL</translation>
        </message>
        <message>
            <source>Token</source>
            <translation>Token</translation>
        </message>
        <message>
            <source>Profile</source>
            <translation>Perfil</translation>
        </message>
        <message>
            <source>Protocol</source>
            <translation>Protocolo</translation>
        </message>
        <message>
            <source>A remote office shows what its token's profile allows.</source>
            <translation>Una oficina remota muestra lo que permite el perfil de su token.</translation>
        </message>
        <message>
            <source>Over HTTP office-desk speaks 2026-07-28 (stateless: one POST per request).</source>
            <translation>Por HTTP office-desk habla 2026-07-28 (sin estado: un POST por petición).</translation>
        </message>
        <message>
            <source>Connect</source>
            <translation>Conectar</translation>
        </message>
        <message>
            <source>Reconnect</source>
            <translation>Reconectar</translation>
        </message>
        <message>
            <source>Disconnect</source>
            <translation>Desconectar</translation>
        </message>
        <message>
            <source>Choose office-mcp</source>
            <translation>Elegir office-mcp</translation>
        </message>
        <message>
            <source>Choose a database</source>
            <translation>Elegir una base de datos</translation>
        </message>
        <message>
            <source>SQLite databases (*.db *.sqlite)</source>
            <translation>Bases de datos SQLite (*.db *.sqlite)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>Todos los archivos (*)</translation>
        </message>
        <message>
            <source>all</source>
            <comment>the profile serving every tool</comment>
            <translation>todas</translation>
        </message>
        <message>
            <source>scheduling</source>
            <comment>a profile</comment>
            <translation>citas</translation>
        </message>
        <message>
            <source>billing</source>
            <comment>a profile</comment>
            <translation>facturación</translation>
        </message>
        <message>
            <source>lunch</source>
            <comment>a profile</comment>
            <translation>comida</translation>
        </message>
        <message>
            <source>Office</source>
            <translation>Oficina</translation>
        </message>
        <message>
            <source>Choose the office-mcp executable</source>
            <translation>Elegir el ejecutable de office-mcp</translation>
        </message>
        <message>
            <source>Choose the database</source>
            <translation>Elegir la base de datos</translation>
        </message>
        <message>
            <source>Server status</source>
            <translation>Estado del servidor</translation>
        </message>
        <message>
            <source>Sign in</source>
            <translation>Iniciar sesión</translation>
        </message>
        <message>
            <source>Sign out</source>
            <translation>Cerrar sesión</translation>
        </message>
        <message>
            <source>Signing in…</source>
            <translation>Iniciando sesión…</translation>
        </message>
        <message>
            <source>Finish signing in in your web browser. Click to start over.</source>
            <translation>Termine de iniciar sesión en su navegador. Haga clic para empezar de nuevo.</translation>
        </message>
        <message>
            <source>Sign in with your account at %1, in your web browser, instead of pasting a token.</source>
            <translation>Inicie sesión con su cuenta en %1, en su navegador, en lugar de pegar un token.</translation>
        </message>
        <message>
            <source>Signed in as %1</source>
            <translation>Sesión iniciada como %1</translation>
        </message>
        <message>
            <source>Signed in through %1. The tokens are kept in a file only you can read (0600).</source>
            <translation>Sesión iniciada a través de %1. Los tokens se guardan en un archivo que solo usted puede leer (0600).</translation>
        </message>
        <message>
            <source>Forget the tokens of this sign-in and delete their file.</source>
            <translation>Olvidar los tokens de esta sesión y borrar su archivo.</translation>
        </message>
    </context>
    <context>
        <name>SqliteReader</name>
        <message>
            <source>%1 does not exist yet; office-mcp creates it on first use (the first tool call).</source>
            <translation>%1 aún no existe; office-mcp la crea la primera vez que se usa (la primera llamada a una herramienta).</translation>
        </message>
    </context>
    <context>
        <name>TokenStore</name>
        <message>
            <source>Could not create %1.</source>
            <translation>No se pudo crear %1.</translation>
        </message>
        <message>
            <source>Could not write %1: %2</source>
            <translation>No se pudo escribir %1: %2</translation>
        </message>
        <message>
            <source>Could not write %1.</source>
            <translation>No se pudo escribir %1.</translation>
        </message>
    </context>
    <context>
        <name>ToolsPanel</name>
        <message>
            <source>Raw JSON</source>
            <translation>JSON sin procesar</translation>
        </message>
        <message>
            <source>Call</source>
            <translation>Llamar</translation>
        </message>
        <message>
            <source>&lt;b&gt;To start:&lt;/b&gt; choose a tool on the left, fill in its form, then press &lt;b&gt;Call&lt;/b&gt; (or Enter).</source>
            <translation>&lt;b&gt;Para empezar:&lt;/b&gt; elija una herramienta a la izquierda, rellene su formulario y pulse &lt;b&gt;Llamar&lt;/b&gt; (o Intro).</translation>
        </message>
        <message>
            <source>Arguments</source>
            <translation>Argumentos</translation>
        </message>
        <message>
            <source>Edit the arguments as JSON; nothing is checked before sending, so the server's own validation answers.</source>
            <translation>Editar los argumentos como JSON; no se comprueba nada antes de enviarlos, así responde la validación del propio servidor.</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>Resultado</translation>
        </message>
        <message>
            <source>&lt;span style='color:gray'&gt;No tools&lt;/span&gt;</source>
            <translation>&lt;span style='color:gray'&gt;No hay herramientas&lt;/span&gt;</translation>
        </message>
        <message>
            <source>Start office-mcp to list its tools.</source>
            <translation>Inicie office-mcp para ver sus herramientas.</translation>
        </message>
        <message>
            <source>idempotent</source>
            <translation>idempotente</translation>
        </message>
        <message>
            <source>open world</source>
            <translation>mundo abierto</translation>
        </message>
        <message>
            <source>&lt;span style='color:gray'&gt;no hints&lt;/span&gt;</source>
            <translation>&lt;span style='color:gray'&gt;sin indicaciones&lt;/span&gt;</translation>
        </message>
        <message>
            <source>The arguments are not a JSON object (%1); fix them or clear the text to go back to the form.</source>
            <translation>Los argumentos no son un objeto JSON (%1); corríjalos o borre el texto para volver al formulario.</translation>
        </message>
        <message>
            <source>not an object</source>
            <translation>no es un objeto</translation>
        </message>
        <message>
            <source>Not shown in the form: %1. %2</source>
            <translation>No se muestra en el formulario: %1. %2</translation>
        </message>
        <message>
            <source>The arguments must be a JSON object: %1</source>
            <translation>Los argumentos deben ser un objeto JSON: %1</translation>
        </message>
        <message>
            <source>this is not an object</source>
            <translation>esto no es un objeto</translation>
        </message>
        <message>
            <source>Fix first: %1. (Raw JSON sends anything, for trying the server's validation.)</source>
            <translation>Corrija primero: %1. (JSON sin procesar envía cualquier cosa, para probar la validación del servidor).</translation>
        </message>
        <message>
            <source>Calling…</source>
            <translation>Llamando…</translation>
        </message>
        <message>
            <source>To call: %1.</source>
            <translation>Para llamar: %1.</translation>
        </message>
        <message>
            <source>office-mcp is not running</source>
            <translation>office-mcp no está en marcha</translation>
        </message>
        <message>
            <source>Waiting for the previous call</source>
            <translation>Esperando a la llamada anterior</translation>
        </message>
        <message>
            <source>read-only</source>
            <comment>a tool that changes nothing</comment>
            <translation>solo lectura</translation>
        </message>
        <message>
            <source>destructive</source>
            <comment>a tool whose changes cannot be undone</comment>
            <translation>destructiva</translation>
        </message>
        <message>
            <source>writes</source>
            <comment>a tool that changes the office</comment>
            <translation>escribe</translation>
        </message>
    </context>
    <context>
        <name>TrafficLog</name>
        <message>
            <source>batch of %1</source>
            <translation>lote de %1</translation>
        </message>
        <message>
            <source>→ out</source>
            <translation>→ salida</translation>
        </message>
        <message>
            <source>← in</source>
            <translation>← entrada</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>Hora</translation>
        </message>
        <message>
            <source>Dir</source>
            <translation>Sentido</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>Tipo</translation>
        </message>
        <message>
            <source>Method</source>
            <translation>Método</translation>
        </message>
        <message>
            <source>Id</source>
            <translation>Id</translation>
        </message>
        <message>
            <source>Summary</source>
            <translation>Resumen</translation>
        </message>
    </context>
    <context>
        <name>TrafficView</name>
        <message>
            <source>Filter: method, id, direction or any text in the message</source>
            <translation>Filtrar: método, id, sentido o cualquier texto del mensaje</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>Vaciar</translation>
        </message>
        <message>
            <source>Export JSONL…</source>
            <translation>Exportar JSONL…</translation>
        </message>
        <message>
            <source>Select a message to see it in full.</source>
            <translation>Seleccione un mensaje para verlo entero.</translation>
        </message>
        <message>
            <source>%1 of %2</source>
            <translation>%1 de %2</translation>
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
            <translation>Exportar el tráfico como JSONL</translation>
        </message>
        <message>
            <source>JSON Lines (*.jsonl);;All files (*)</source>
            <translation>JSON Lines (*.jsonl);;Todos los archivos (*)</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation>No se pudo exportar</translation>
        </message>
        <message>
            <source>Could not write %1: %2</source>
            <translation>No se pudo escribir %1: %2</translation>
        </message>
    </context>
    <context>
        <name>WeekView</name>
        <message>
            <source>◀ Previous</source>
            <translation>◀ Anterior</translation>
        </message>
        <message>
            <source>This week</source>
            <translation>Esta semana</translation>
        </message>
        <message>
            <source>Next ▶</source>
            <translation>Siguiente ▶</translation>
        </message>
        <message>
            <source>The office's week</source>
            <translation>La semana de la oficina</translation>
        </message>
        <message>
            <source>Cancel booking…</source>
            <translation>Cancelar cita…</translation>
        </message>
        <message>
            <source>Move booking…</source>
            <translation>Cambiar cita…</translation>
        </message>
        <message>
            <source>Opening hours…</source>
            <translation>Horario de apertura…</translation>
        </message>
        <message>
            <source>Close days…</source>
            <translation>Cerrar días…</translation>
        </message>
        <message>
            <source>Open the selected day…</source>
            <translation>Abrir el día seleccionado…</translation>
        </message>
        <message>
            <source>Time zone and name…</source>
            <translation>Zona horaria y nombre…</translation>
        </message>
        <message>
            <source>Hours and closures</source>
            <translation>Horario y cierres</translation>
        </message>
        <message>
            <source>Not connected to an office.</source>
            <translation>Sin conexión con una oficina.</translation>
        </message>
        <message>
            <source>This office does not offer its calendar (an office-mcp older than this desk).</source>
            <translation>Esta oficina no ofrece su calendario (un office-mcp más antiguo que este escritorio).</translation>
        </message>
        <message>
            <source>customer %1</source>
            <translation>cliente %1</translation>
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
            <translation>cerrado</translation>
        </message>
        <message>
            <source>today</source>
            <translation>hoy</translation>
        </message>
        <message>
            <source>Closed</source>
            <translation>Cerrado</translation>
        </message>
        <message>
            <source>Closed: %1</source>
            <translation>Cerrado: %1</translation>
        </message>
        <message>
            <source>%1 at %2</source>
            <translation>%1 a las %2</translation>
        </message>
        <message>
            <source>%1: free (slot %2)</source>
            <translation>%1: libre (hueco %2)</translation>
        </message>
        <message>
            <source>%1: begun</source>
            <translation>%1: ya empezado</translation>
        </message>
        <message>
            <source>%1: %2 (slot %3), outside the opening hours: kept as booked</source>
            <translation>%1: %2 (hueco %3), fuera del horario de apertura: se mantiene reservado</translation>
        </message>
        <message>
            <source>%1: %2 (slot %3)</source>
            <translation>%1: %2 (hueco %3)</translation>
        </message>
        <message>
            <source>%1 (a zone this machine cannot read: times as the office writes them)</source>
            <translation>%1 (una zona que este equipo no puede leer: horas tal como las escribe la oficina)</translation>
        </message>
        <message>
            <source>%1, the machine's (the office has set none)</source>
            <translation>%1, la del equipo (la oficina no ha fijado ninguna)</translation>
        </message>
        <message numerus="yes">
            <source>Times in %1 · %n booked</source>
            <translation>
                <numerusform>Horas en %1 · %n reservado</numerusform>
                <numerusform>Horas en %1 · %n reservados</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source> · %n free</source>
            <translation>
                <numerusform> · %n libre</numerusform>
                <numerusform> · %n libres</numerusform>
            </translation>
        </message>
        <message>
            <source> · no opening hours: only the slots the office holds</source>
            <translation> · sin horario de apertura: solo los huecos que tiene la oficina</translation>
        </message>
        <message>
            <source>Moving the booking of slot %1: click a free slot to move it to (Esc to stop).</source>
            <translation>Cambiando la cita del hueco %1: pulse un hueco libre para moverla allí (Esc para parar).</translation>
        </message>
    </context>
    <context>
        <name>about</name>
        <message>
            <source>&lt;h3&gt;office-desk %1&lt;/h3&gt;&lt;p&gt;The desk of the office-mcp server: approve refunds, call tools and watch the traffic between office-mcp and the AI clients.&lt;/p&gt;&lt;p&gt;office-desk and office-mcp share one version: run &lt;tt&gt;office-mcp --version&lt;/tt&gt; to see the server's.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;office-desk %1&lt;/h3&gt;&lt;p&gt;El escritorio del servidor office-mcp: apruebe devoluciones, llame a herramientas y observe el tráfico entre office-mcp y los clientes de IA.&lt;/p&gt;&lt;p&gt;office-desk y office-mcp comparten versión: ejecute &lt;tt&gt;office-mcp --version&lt;/tt&gt; para ver la del servidor.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>About office-desk</source>
            <translation>Acerca de office-desk</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>Ay&amp;uda</translation>
        </message>
        <message>
            <source>&amp;About office-desk</source>
            <translation>&amp;Acerca de office-desk</translation>
        </message>
    </context>
    <context>
        <name>main</name>
        <message>
            <source>Approve refunds, call tools and watch the traffic of office-mcp.</source>
            <translation>Apruebe devoluciones, llame a herramientas y observe el tráfico de office-mcp.</translation>
        </message>
        <message>
            <source>The office-mcp executable.</source>
            <translation>El ejecutable de office-mcp.</translation>
        </message>
        <message>
            <source>The database office-mcp serves.</source>
            <translation>La base de datos que sirve office-mcp.</translation>
        </message>
        <message>
            <source>all, scheduling, billing or lunch.</source>
            <translation>all, scheduling, billing o lunch.</translation>
        </message>
        <message>
            <source>modern (2026-07-28) or legacy (2025-11-25).</source>
            <translation>modern (2026-07-28) o legacy (2025-11-25).</translation>
        </message>
        <message>
            <source>A remote office: http://host:port/mcp (its token is the one kept for it, or $OFFICE_DESK_TOKEN).</source>
            <translation>Una oficina remota: http://host:puerto/mcp (su token es el guardado para ella, o $OFFICE_DESK_TOKEN).</translation>
        </message>
        <message>
            <source>Do not start office-mcp at once.</source>
            <translation>No iniciar office-mcp enseguida.</translation>
        </message>
        <message>
            <source>Stage a refund review on a scratch database, save a screenshot to &lt;file&gt; and quit.</source>
            <translation>Preparar la revisión de una devolución en una base de datos provisional, guardar una captura en &lt;file&gt; y salir.</translation>
        </message>
        <message>
            <source>The desk's language: en, es or zh_CN (default: the system's).</source>
            <translation>El idioma del escritorio: en, es o zh_CN (por omisión, el del sistema).</translation>
        </message>
        <message>
            <source>office-desk</source>
            <translation>office-desk</translation>
        </message>
        <message>
            <source>The office was not created: %1</source>
            <translation>La oficina no se creó: %1</translation>
        </message>
    </context>
</TS>
