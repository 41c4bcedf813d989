<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
    <context>
        <name>ActivityChart</name>
        <message numerus="yes">
            <source>Last two minutes: %n call(s), %1 with an error, %2 waiting for a person; median %3 ms, 95th percentile %4 ms.</source>
            <translation>
                <numerusform>Last two minutes: %n call, %1 with an error, %2 waiting for a person; median %3 ms, 95th percentile %4 ms.</numerusform>
                <numerusform>Last two minutes: %n calls, %1 with an error, %2 waiting for a person; median %3 ms, 95th percentile %4 ms.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ApprovalQueue</name>
        <message numerus="yes">
            <source>&lt;b style='color:#e65100'&gt;%n refund(s) waiting for approval.&lt;/b&gt;</source>
            <translation>
                <numerusform>&lt;b style='color:#e65100'&gt;%n refund waiting for approval.&lt;/b&gt;</numerusform>
                <numerusform>&lt;b style='color:#e65100'&gt;%n refunds waiting for approval.&lt;/b&gt;</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>DatabaseView</name>
        <message numerus="yes">
            <source>%n row(s)</source>
            <translation>
                <numerusform>%n row</numerusform>
                <numerusform>%n rows</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message numerus="yes">
            <source>office-desk: %n refund(s) waiting for approval</source>
            <translation>
                <numerusform>office-desk: %n refund waiting for approval</numerusform>
                <numerusform>office-desk: %n refunds waiting for approval</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n refund request(s) waiting in office-desk.</source>
            <translation>
                <numerusform>%n refund request waiting in office-desk.</numerusform>
                <numerusform>%n refund requests waiting in office-desk.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>connected · %1 %2 · %3 · %4 · %n tool(s)</source>
            <translation>
                <numerusform>connected · %1 %2 · %3 · %4 · %n tool</numerusform>
                <numerusform>connected · %1 %2 · %3 · %4 · %n tools</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>running · %1 %2 · %3 · pid %4 · %n tool(s)</source>
            <translation>
                <numerusform>running · %1 %2 · %3 · pid %4 · %n tool</numerusform>
                <numerusform>running · %1 %2 · %3 · pid %4 · %n tools</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ResultView</name>
        <message numerus="yes">
            <source> · %n round(s)</source>
            <comment>after the outcome of a call that asked a person</comment>
            <translation>
                <numerusform> · %n round</numerusform>
                <numerusform> · %n rounds</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>SchemaForm</name>
        <message numerus="yes">
            <source>must be exactly %n character(s)</source>
            <translation>
                <numerusform>must be exactly %n character</numerusform>
                <numerusform>must be exactly %n characters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>must be between %1 and %n character(s)</source>
            <translation>
                <numerusform>must be between %1 and %n character</numerusform>
                <numerusform>must be between %1 and %n characters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>must be at least %n character(s)</source>
            <translation>
                <numerusform>must be at least %n character</numerusform>
                <numerusform>must be at least %n characters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>must be at most %n character(s)</source>
            <translation>
                <numerusform>must be at most %n character</numerusform>
                <numerusform>must be at most %n characters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>up to %n character(s)</source>
            <translation>
                <numerusform>up to %n character</numerusform>
                <numerusform>up to %n characters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>at least %n character(s)</source>
            <translation>
                <numerusform>at least %n character</numerusform>
                <numerusform>at least %n characters</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>WeekView</name>
        <message numerus="yes">
            <source>Times in %1 · %n booked</source>
            <translation>
                <numerusform>Times in %1 · %n booked</numerusform>
                <numerusform>Times in %1 · %n booked</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source> · %n free</source>
            <translation>
                <numerusform> · %n free</numerusform>
                <numerusform> · %n free</numerusform>
            </translation>
        </message>
    </context>
</TS>
