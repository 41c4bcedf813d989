#include "mcptypes.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

QString McpCallResult::text() const
{
    switch (kind) {
    case Kind::LocalError:
        return localError;
    case Kind::ProtocolError: {
        QString sentence = QCoreApplication::translate("McpCallResult", "JSON-RPC error %1: %2")
                               .arg(error.value(QLatin1String("code")).toInteger())
                               .arg(error.value(QLatin1String("message")).toString());
        const QJsonValue data = error.value(QLatin1String("data"));
        if (!data.isUndefined() && !data.isNull()) {
            const QByteArray json = data.isObject()
                ? QJsonDocument(data.toObject()).toJson(QJsonDocument::Compact)
                : data.isArray() ? QJsonDocument(data.toArray()).toJson(QJsonDocument::Compact)
                                 : data.toVariant().toString().toUtf8();
            sentence += QLatin1String("\n") + QString::fromUtf8(json);
        }
        return sentence;
    }
    case Kind::Result:
        break;
    }
    QStringList parts;
    const QJsonArray content = result.value(QLatin1String("content")).toArray();
    for (const QJsonValue &block : content) {
        const QJsonObject object = block.toObject();
        const QString type = object.value(QLatin1String("type")).toString();
        if (type == QLatin1String("text")) {
            parts << object.value(QLatin1String("text")).toString();
        } else if (type == QLatin1String("resource_link")) {  // a row the result names: its title and URI
            const QString title = object.value(QLatin1String("title")).toString();
            parts << QCoreApplication::translate("McpCallResult", "Link: %1 (%2)")
                         .arg(title.isEmpty() ? object.value(QLatin1String("name")).toString() : title,
                              object.value(QLatin1String("uri")).toString());
        } else
            parts << QCoreApplication::translate("McpCallResult", "[%1 content]").arg(type);
    }
    return parts.join(QLatin1Char('\n'));
}
