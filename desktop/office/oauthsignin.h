#pragma once
// Signing in to a remote office with OAuth 2.1, for an office-mcp --oauth-issuer. It asks the
// office whether it names an authorization server (RFC 9728 protected resource metadata, found at
// /.well-known/oauth-protected-resource/mcp or where the resource_metadata of a 401 says), reads
// that server's metadata (RFC 8414, else OpenID discovery; its issuer must match exactly),
// registers the desk once per issuer as a public client (RFC 7591; the client_id is kept in the
// settings, it is no secret), and runs the authorization code flow of QtNetworkAuth in the
// person's browser with a loopback redirect (RFC 8252), PKCE S256 and the office's URL as RFC 8707
// resource. It refreshes the access token at 80 % of its lifetime and when asked (after a 401).
// The tokens are the caller's to keep (TokenStore, as one JSON line: OAuthTokens::toJson); this
// class only holds them. It owns no widgets.

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QUrl>

#include <functional>

class QNetworkAccessManager;
class QNetworkReply;
class QOAuth2AuthorizationCodeFlow;
class QSettings;
class QTimer;

// What a sign-in leaves: enough to use the office and to refresh without the browser.
struct OAuthTokens
{
    QString issuer;
    QString clientId;
    QUrl tokenEndpoint;
    QString accessToken;
    QString refreshToken;
    QDateTime obtainedAt;
    QDateTime expiresAt;  // invalid: the server did not say

    bool isEmpty() const { return accessToken.isEmpty(); }
    QByteArray toJson() const;
    // The tokens kept in `text`; empty when it is not a sign-in (a pasted token, say).
    static OAuthTokens fromJson(const QString &text);
};

class OAuthSignIn : public QObject
{
    Q_OBJECT

public:
    // Both scopes: the person at the desk works with every tool and approves refunds.
    static const QString scopes;  // "office:all office:approve"

    explicit OAuthSignIn(QObject *parent = nullptr);
    ~OAuthSignIn() override;

    // Where client_ids are kept per issuer; without settings they are kept in memory only.
    void setClientCache(QSettings *settings) { m_settings = settings; }
    // How the authorization URL reaches the person: QDesktopServices::openUrl unless a test sets it.
    void setBrowser(std::function<bool(const QUrl &)> open) { m_browser = std::move(open); }

    // The office (its MCP URL) from now on: forgets the tokens of the last one and asks this one
    // whether it names an authorization server (discovered() says when it has answered).
    void setOffice(const QUrl &mcpUrl);
    QUrl office() const { return m_office; }
    // Asks the office again (it may have been out of reach, or started offering sign-in). With
    // the WWW-Authenticate of a 401 that names resource_metadata, the metadata is read there.
    void discover(const QByteArray &challenge = QByteArray());
    // The authorization server the office names; empty while unknown or when it names none.
    QString issuer() const { return m_issuer; }

    // Tokens kept from an earlier sign-in to this office; they are refreshed when due.
    void restore(const OAuthTokens &tokens);
    const OAuthTokens &tokens() const { return m_tokens; }
    bool isSignedIn() const { return !m_tokens.isEmpty(); }
    bool isSigningIn() const { return m_signingIn; }
    // Who the access token names (preferred_username, else sub), read for display only.
    QString userName() const { return userOf(m_tokens.accessToken); }
    static QString userOf(const QString &jwt);

    // The person's sign-in: metadata, registration, then the browser. Called again while one
    // runs, it starts over and registers the desk anew (a forgotten client_id strands the browser).
    void signIn();
    // A new access token from the refresh token, without the browser. False when there is none.
    bool refresh();
    // Forgets the tokens (the caller deletes its file) and emits signedOut.
    void signOut();

signals:
    void discovered();
    void changed();  // anything the panel shows: offered or not, signing in, who is signed in
    void signedIn();
    void refreshed();
    void signedOut();
    void failed(const QString &sentence);

private:
    void get(const QUrl &url, std::function<void(QNetworkReply *)> then);
    void readResourceMetadata(QNetworkReply *reply);
    void readServerMetadata(QNetworkReply *reply, const QUrl &next);
    void registerClient();
    void authorize();
    void onGranted();
    void onTokenReply(QNetworkReply *reply);
    void scheduleRefresh();
    void fail(const QString &sentence);
    void stopFlow();
    QOAuth2AuthorizationCodeFlow *newFlow(const QByteArray &verifier);
    QString cachedClientId(const QString &issuer) const;

    QNetworkAccessManager *m_network;
    QTimer *m_refreshTimer;
    QOAuth2AuthorizationCodeFlow *m_flow = nullptr;
    QSettings *m_settings = nullptr;
    QHash<QString, QString> m_clientIds;  // issuer -> client_id, when there are no settings
    std::function<bool(const QUrl &)> m_browser;
    QUrl m_office;
    QString m_issuer;
    quint64 m_generation = 0;  // answers about an earlier office or sign-in are dropped
    bool m_signingIn = false;
    bool m_refreshing = false;
    // The sign-in under way: the server's endpoints and whether it sends iss (RFC 9207).
    QUrl m_authorizationEndpoint;
    QUrl m_registrationEndpoint;
    bool m_issInRedirect = false;
    OAuthTokens m_tokens;
};
