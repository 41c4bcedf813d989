#pragma once
// Where the desk keeps the bearer token of a remote office: a file readable by its owner only
// (0600) in the desk's config folder, one per office URL, and never in QSettings, whose file
// is world-readable on most desktops and gets copied around with preferences. The file holds
// the token as pasted, or after a sign-in the sign-in's tokens as one JSON line
// (OAuthTokens::toJson in oauthsignin.h: access and refresh token, issuer, client_id).
// (A platform secret store through QtKeychain was weighed and left out: on the machines the
// desk is tested on there is no Secret Service, so that path could not be tested, and the
// 0600 file is what QtKeychain itself falls back to.)

#include <QString>

class TokenStore
{
public:
    // dir: where the token files go; empty means QStandardPaths::AppConfigLocation + "/tokens".
    explicit TokenStore(const QString &dir = QString());

    QString directory() const { return m_dir; }
    // The file holding the token of `url` (named by a digest of the URL, so no URL text leaks
    // into file names).
    QString fileFor(const QString &url) const;

    // Stores the token (an empty token removes it). False, with *error set, when it could not.
    bool save(const QString &url, const QString &token, QString *error = nullptr) const;
    QString load(const QString &url) const;
    void remove(const QString &url) const;

private:
    QString m_dir;
};
