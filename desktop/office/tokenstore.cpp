#include "tokenstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QStandardPaths>

#include "platform.h"

#include <cerrno>
#include <cstring>

TokenStore::TokenStore(const QString &dir)
    : m_dir(dir.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QLatin1String("/tokens") : dir)
{
}

QString TokenStore::fileFor(const QString &url) const
{
    const QByteArray digest = QCryptographicHash::hash(url.trimmed().toUtf8(), QCryptographicHash::Sha256).toHex().left(32);
    return m_dir + QLatin1Char('/') + QString::fromLatin1(digest) + QLatin1String(".token");
}

bool TokenStore::save(const QString &url, const QString &token, QString *error) const
{
    if (token.isEmpty()) {
        remove(url);
        return true;
    }
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!QDir().mkpath(m_dir))
        return fail(QCoreApplication::translate("TokenStore", "Could not create %1.").arg(m_dir));
    QFile::setPermissions(m_dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    const QString path = fileFor(url);
    const QString temporary = path + QLatin1String(".new");
    const std::string name = temporary.toStdString();  // UTF-8, as office::platform takes paths
    // Created its owner's alone from the first byte: there is no moment in which another user could read it.
    const int fd = office::platform::open(name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC);
    if (fd < 0)
        return fail(QCoreApplication::translate("TokenStore", "Could not write %1: %2").arg(temporary, QString::fromLocal8Bit(std::strerror(errno))));
    office::platform::make_owner_only(fd);  // an older file of that name keeps its mode otherwise
    const QByteArray bytes = token.toUtf8() + '\n';
    const bool written = ::write(fd, bytes.constData(), size_t(bytes.size())) == bytes.size() && office::platform::sync(fd) == 0;
    ::close(fd);
    if (!written || office::platform::replace(name, path.toStdString()) != 0) {
        office::platform::remove(name);
        return fail(QCoreApplication::translate("TokenStore", "Could not write %1.").arg(path));
    }
    return true;
}

QString TokenStore::load(const QString &url) const
{
    QFile file(fileFor(url));
    if (!file.open(QIODevice::ReadOnly))
        return QString();
    return QString::fromUtf8(file.readAll()).trimmed();
}

void TokenStore::remove(const QString &url) const
{
    QFile::remove(fileFor(url));
}
