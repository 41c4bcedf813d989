#include "tokenstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QStandardPaths>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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
    ::chmod(QFile::encodeName(m_dir).constData(), 0700);
    const QString path = fileFor(url);
    const QString temporary = path + QLatin1String(".new");
    const QByteArray name = QFile::encodeName(temporary);
    // Created 0600 from the first byte: there is no moment in which another user could read it.
    const int fd = ::open(name.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return fail(QCoreApplication::translate("TokenStore", "Could not write %1: %2").arg(temporary, QString::fromLocal8Bit(std::strerror(errno))));
    ::fchmod(fd, 0600);  // an older file of that name keeps its mode otherwise
    const QByteArray bytes = token.toUtf8() + '\n';
    const bool written = ::write(fd, bytes.constData(), size_t(bytes.size())) == bytes.size() && ::fsync(fd) == 0;
    ::close(fd);
    if (!written || ::rename(name.constData(), QFile::encodeName(path).constData()) != 0) {
        ::unlink(name.constData());
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
