#pragma once
// What SchemaForm's files share, and nothing outside them includes (only schemaform*.cpp). The
// form is one class (schemaform.h) whose parts live in files named for what they do:
//   schemaform.cpp             the form: a row per field (label, editor, hint, error message),
//                              the values read back and filled in, the problems shown, focus
//   schemaform_editors.cpp     the field widgets per JSON Schema type: which kind a property is,
//                              the editor made for it, its default, the value read from it
//   schemaform_validation.cpp  what is wrong with a value, and the bounds a hint shows, in the
//                              words of the server's validator

#include "schemaform.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace schemaform {

inline const QString kType = QStringLiteral("type");

// Defined in schemaform_editors.cpp, where each is described.
SchemaForm::Kind kindFor(const QJsonObject &property);
QString formatNumber(double value);
QString numberText(const QJsonValue &value, SchemaForm::Kind kind);
QJsonValue parseNumber(const QString &text, SchemaForm::Kind kind, bool money = false, QString *problem = nullptr);
QString jsonText(const QJsonValue &value);

} // namespace schemaform
