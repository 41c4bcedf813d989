#include "oauthsignin.h"

#include <QCryptographicHash>
#include <QDesktopServices>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QOAuth2AuthorizationCodeFlow>
#include <QOAuthHttpServerReplyHandler>
#include <QOAuthOobReplyHandler>
#include <QRandomGenerator>
#include <QSettings>
#include <QTimer>

#include <climits>

const QString OAuthSignIn::scopes = QStringLiteral("office:all office:approve");

namespace {

constexpr int kTimeoutMs = 15000;

// RFC 8414 and RFC 9728 put the well-known name between the host and the path:
// http://host:port/mcp -> http://host:port/.well-known/NAME/mcp.
QUrl wellKnown(const QUrl &url, const QString &name)
{
    QUrl found = url.adjusted(QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::StripTrailingSlash);
    found.setPath(QStringLiteral("/.well-known/") + name + found.path());
    return found;
}

// OpenID Connect discovery appends its name to the issuer's path instead.
QUrl openIdConfiguration(const QUrl &issuer)
{
    QUrl found = issuer.adjusted(QUrl::StripTrailingSlash);
    found.setPath(found.path() + QStringLiteral("/.well-known/openid-configuration"));
    return found;
}

// One quoted parameter of a WWW-Authenticate challenge: resource_metadata="…".
QString challengeParameter(const QByteArray &header, const QByteArray &name)
{
    const qsizetype at = header.indexOf(name + "=\"");
    if (at < 0)
        return QString();
    const qsizetype start = at + name.size() + 2;
    const qsizetype end = header.indexOf('"', start);
    return end < 0 ? QString() : QString::fromUtf8(header.mid(start, end - start));
}

QByteArray randomText(int bytes)
{
    QByteArray random(bytes, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()), bytes / 4);
    return random.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

int statusOf(QNetworkReply *reply)
{
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

QJsonObject jsonOf(const QByteArray &body)
{
    return QJsonDocument::fromJson(body).object();
}

// What an OAuth endpoint said went wrong: its error_description, its error, else Qt's sentence.
QString oauthError(QNetworkReply *reply, const QByteArray &body)
{
    const QJsonObject error = jsonOf(body);
    const QString description = error.value(QLatin1String("error_description")).toString();
    if (!description.isEmpty())
        return description;
    const QString code = error.value(QLatin1String("error")).toString();
    return code.isEmpty() ? reply->errorString() : code;
}

QString clientKey(const QString &issuer)
{
    return QStringLiteral("oauthClients/") + QString::fromLatin1(QUrl::toPercentEncoding(issuer));
}

} // namespace

QByteArray OAuthTokens::toJson() const
{
    const QJsonObject object{
        {QStringLiteral("issuer"), issuer},
        {QStringLiteral("client_id"), clientId},
        {QStringLiteral("token_endpoint"), tokenEndpoint.toString()},
        {QStringLiteral("access_token"), accessToken},
        {QStringLiteral("refresh_token"), refreshToken},
        {QStringLiteral("obtained_at"), obtainedAt.toUTC().toString(Qt::ISODate)},
        {QStringLiteral("expires_at"), expiresAt.isValid() ? expiresAt.toUTC().toString(Qt::ISODate) : QString()},
    };
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

OAuthTokens OAuthTokens::fromJson(const QString &text)
{
    if (!text.startsWith(QLatin1Char('{')))
        return {};
    const QJsonObject object = jsonOf(text.toUtf8());
    OAuthTokens tokens;
    tokens.issuer = object.value(QLatin1String("issuer")).toString();
    tokens.clientId = object.value(QLatin1String("client_id")).toString();
    tokens.tokenEndpoint = QUrl(object.value(QLatin1String("token_endpoint")).toString());
    tokens.accessToken = object.value(QLatin1String("access_token")).toString();
    tokens.refreshToken = object.value(QLatin1String("refresh_token")).toString();
    tokens.obtainedAt = QDateTime::fromString(object.value(QLatin1String("obtained_at")).toString(), Qt::ISODate);
    tokens.expiresAt = QDateTime::fromString(object.value(QLatin1String("expires_at")).toString(), Qt::ISODate);
    return tokens;
}

OAuthSignIn::OAuthSignIn(QObject *parent)
    : QObject(parent)
    , m_network(new QNetworkAccessManager(this))
    , m_refreshTimer(new QTimer(this))
    , m_browser([](const QUrl &url) { return QDesktopServices::openUrl(url); })
{
    m_refreshTimer->setSingleShot(true);
    connect(m_refreshTimer, &QTimer::timeout, this, &OAuthSignIn::refresh);
    // The flow says nothing when the token endpoint refuses (Qt 6.4 only logs it): hear it here.
    connect(m_network, &QNetworkAccessManager::finished, this, &OAuthSignIn::onTokenReply);
}

OAuthSignIn::~OAuthSignIn() = default;

QString OAuthSignIn::userOf(const QString &jwt)
{
    // Only to show a name: the office verifies the token, the desk never relies on its claims.
    const QList<QString> parts = jwt.split(QLatin1Char('.'));
    if (parts.size() != 3)
        return QString();
    const QJsonObject claims = jsonOf(QByteArray::fromBase64(parts.at(1).toLatin1(), QByteArray::Base64UrlEncoding));
    const QString name = claims.value(QLatin1String("preferred_username")).toString();
    return name.isEmpty() ? claims.value(QLatin1String("sub")).toString() : name;
}

void OAuthSignIn::get(const QUrl &url, std::function<void(QNetworkReply *)> then)
{
    QNetworkRequest request(url);
    request.setRawHeader("Accept", "application/json");
    request.setTransferTimeout(kTimeoutMs);
    QNetworkReply *reply = m_network->get(request);
    const quint64 generation = m_generation;
    connect(reply, &QNetworkReply::finished, this, [this, reply, generation, then] {
        reply->deleteLater();
        if (generation == m_generation)
            then(reply);
    });
}

void OAuthSignIn::setOffice(const QUrl &mcpUrl)
{
    ++m_generation;
    m_office = mcpUrl;
    m_issuer.clear();
    m_tokens = {};
    stopFlow();
    discover();
    emit changed();
}

void OAuthSignIn::discover(const QByteArray &challenge)
{
    if (!m_office.isValid() || m_office.host().isEmpty()
        || (m_office.scheme() != QLatin1String("http") && m_office.scheme() != QLatin1String("https")))
        return;
    // The well-known place, unless the office's 401 said where (RFC 9728 §5.1): asking on
    // purpose with a request it must refuse would be a refusal in its log each time.
    const QUrl where(challengeParameter(challenge, "resource_metadata"));
    const bool named = where.isValid() && !where.isRelative();
    get(named ? where : wellKnown(m_office, QStringLiteral("oauth-protected-resource")),
        [this](QNetworkReply *reply) { readResourceMetadata(reply); });
}

void OAuthSignIn::readResourceMetadata(QNetworkReply *reply)
{
    const QJsonObject metadata = statusOf(reply) == 200 ? jsonOf(reply->readAll()) : QJsonObject();
    const QJsonArray servers = metadata.value(QLatin1String("authorization_servers")).toArray();
    // RFC 9728 §3.3: metadata about another resource is not this office's.
    const QUrl resource(metadata.value(QLatin1String("resource")).toString());
    if (!servers.isEmpty() && resource.adjusted(QUrl::StripTrailingSlash) == m_office.adjusted(QUrl::StripTrailingSlash)) {
        m_issuer = servers.first().toString();
        emit changed();
    }
    emit discovered();
}

void OAuthSignIn::signIn()
{
    if (m_issuer.isEmpty())
        return fail(tr("The office at %1 names no service to sign in with.").arg(m_office.toDisplayString()));
    if (m_signingIn) {
        // Starting over: the browser may have shown an error page instead of coming back, as it
        // does for a client_id the server has forgotten. Register anew this time.
        if (m_settings)
            m_settings->remove(clientKey(m_issuer));
        m_clientIds.remove(m_issuer);
    }
    ++m_generation;  // a sign-in or refresh still under way is dropped
    m_refreshTimer->stop();
    m_refreshing = false;
    m_tokens = {};
    m_tokens.issuer = m_issuer;
    m_signingIn = true;
    emit changed();
    const QUrl issuer(m_issuer);
    get(wellKnown(issuer, QStringLiteral("oauth-authorization-server")),
        [this, issuer](QNetworkReply *reply) { readServerMetadata(reply, openIdConfiguration(issuer)); });
}

void OAuthSignIn::readServerMetadata(QNetworkReply *reply, const QUrl &next)
{
    const QJsonObject metadata = statusOf(reply) == 200 ? jsonOf(reply->readAll()) : QJsonObject();
    if (metadata.isEmpty()) {
        if (next.isValid())
            return get(next, [this](QNetworkReply *again) { readServerMetadata(again, QUrl()); });
        return fail(tr("%1 publishes no authorization server metadata: %2").arg(m_issuer, reply->errorString()));
    }
    // RFC 8414 §3.3: the metadata counts only when it names exactly the issuer the office named.
    const QString issuer = metadata.value(QLatin1String("issuer")).toString();
    if (issuer != m_issuer)
        return fail(tr("The metadata of %1 names another issuer (%2); office-desk does not sign in there.").arg(m_issuer, issuer));
    m_authorizationEndpoint = QUrl(metadata.value(QLatin1String("authorization_endpoint")).toString());
    m_registrationEndpoint = QUrl(metadata.value(QLatin1String("registration_endpoint")).toString());
    m_tokens.tokenEndpoint = QUrl(metadata.value(QLatin1String("token_endpoint")).toString());
    m_issInRedirect = metadata.value(QLatin1String("authorization_response_iss_parameter_supported")).toBool();
    if (!m_authorizationEndpoint.isValid() || !m_tokens.tokenEndpoint.isValid())
        return fail(tr("The metadata of %1 names no authorization or token endpoint.").arg(m_issuer));
    if (!metadata.value(QLatin1String("code_challenge_methods_supported")).toArray().contains(QStringLiteral("S256")))
        return fail(tr("%1 does not offer PKCE with S256, which office-desk requires.").arg(m_issuer));
    m_tokens.clientId = cachedClientId(m_issuer);
    if (m_tokens.clientId.isEmpty())
        registerClient();
    else
        authorize();
}

QString OAuthSignIn::cachedClientId(const QString &issuer) const
{
    return m_settings ? m_settings->value(clientKey(issuer)).toString() : m_clientIds.value(issuer);
}

void OAuthSignIn::registerClient()
{
    if (!m_registrationEndpoint.isValid())
        return fail(tr("%1 does not let office-desk register itself; ask for a token instead.").arg(m_issuer));
    // A native app (RFC 8252): a public client, its redirect any port of 127.0.0.1.
    const QJsonObject metadata{
        {QStringLiteral("client_name"), QStringLiteral("office-desk")},
        {QStringLiteral("application_type"), QStringLiteral("native")},
        {QStringLiteral("redirect_uris"), QJsonArray{QStringLiteral("http://127.0.0.1/callback")}},
        {QStringLiteral("token_endpoint_auth_method"), QStringLiteral("none")},
        {QStringLiteral("grant_types"), QJsonArray{QStringLiteral("authorization_code"), QStringLiteral("refresh_token")}},
        {QStringLiteral("response_types"), QJsonArray{QStringLiteral("code")}},
    };
    QNetworkRequest request(m_registrationEndpoint);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setTransferTimeout(kTimeoutMs);
    QNetworkReply *reply = m_network->post(request, QJsonDocument(metadata).toJson(QJsonDocument::Compact));
    const quint64 generation = m_generation;
    connect(reply, &QNetworkReply::finished, this, [this, reply, generation] {
        reply->deleteLater();
        if (generation != m_generation)
            return;
        const QByteArray body = reply->readAll();
        const QString clientId = jsonOf(body).value(QLatin1String("client_id")).toString();
        if ((statusOf(reply) != 201 && statusOf(reply) != 200) || clientId.isEmpty())
            return fail(tr("%1 did not register office-desk: %2").arg(m_issuer, oauthError(reply, body)));
        if (m_settings)
            m_settings->setValue(clientKey(m_issuer), clientId);
        else
            m_clientIds.insert(m_issuer, clientId);
        m_tokens.clientId = clientId;
        authorize();
    });
}

// No sign-in or refresh under way any more; the flow goes (later: it may be the sender of the
// signal being handled).
void OAuthSignIn::stopFlow()
{
    m_signingIn = m_refreshing = false;
    m_refreshTimer->stop();
    if (m_flow) {
        m_flow->disconnect(this);
        m_flow->deleteLater();
        m_flow = nullptr;
    }
}

QOAuth2AuthorizationCodeFlow *OAuthSignIn::newFlow(const QByteArray &verifier)
{
    if (m_flow) {
        m_flow->disconnect(this);
        m_flow->deleteLater();  // it may be the sender of the signal being handled
    }
    m_flow = new QOAuth2AuthorizationCodeFlow(m_network, this);
    m_flow->setClientIdentifier(m_tokens.clientId);
    m_flow->setAccessTokenUrl(m_tokens.tokenEndpoint);
    // Qt 6.4's QOAuth2AuthorizationCodeFlow has no PKCE (Qt 6.8 brought setPkceMethod), so its
    // parameter hook adds RFC 7636 S256: the challenge to the authorization request, the verifier
    // to the token request. The hook also adds RFC 8707's resource, the office's URL (the
    // audience the office checks), to every request. Values go in percent-encoded, as the flow
    // puts in the code and redirect_uri of its token request.
    const QString resource = m_office.toString();
    const QByteArray challenge = QCryptographicHash::hash(verifier, QCryptographicHash::Sha256)
                                     .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    m_flow->setModifyParametersFunction([verifier, challenge, resource](QAbstractOAuth::Stage stage, QMultiMap<QString, QVariant> *parameters) {
        const auto add = [parameters](const QString &key, const QString &value) {
            parameters->insert(key, QString::fromLatin1(QUrl::toPercentEncoding(value)));
        };
        switch (stage) {
        case QAbstractOAuth::Stage::RequestingAuthorization:
            add(QStringLiteral("code_challenge"), QString::fromLatin1(challenge));
            add(QStringLiteral("code_challenge_method"), QStringLiteral("S256"));
            break;
        case QAbstractOAuth::Stage::RequestingAccessToken:
            add(QStringLiteral("code_verifier"), QString::fromLatin1(verifier));
            break;
        case QAbstractOAuth::Stage::RefreshingAccessToken:
            // A public client has no secret and a refresh no redirect_uri (RFC 6749 §6); Qt 6.4 sends both.
            parameters->remove(QStringLiteral("client_secret"));
            parameters->remove(QStringLiteral("redirect_uri"));
            break;
        case QAbstractOAuth::Stage::RequestingTemporaryCredentials:  // OAuth 1 only
            return;
        }
        add(QStringLiteral("resource"), resource);
    });
    connect(m_flow, &QAbstractOAuth::granted, this, &OAuthSignIn::onGranted);
    return m_flow;
}

void OAuthSignIn::authorize()
{
    QOAuth2AuthorizationCodeFlow *flow = newFlow(randomText(32));
    // RFC 8252: the browser comes back to a port of the moment on 127.0.0.1, and only there.
    auto *handler = new QOAuthHttpServerReplyHandler(QHostAddress(QHostAddress::LocalHost), 0, flow);
    if (!handler->isListening())
        return fail(tr("office-desk could not listen on 127.0.0.1 for the browser's answer."));
    handler->setCallbackPath(QStringLiteral("callback"));
    handler->setCallbackText(tr("office-desk has your sign-in. You can close this page."));
    // RFC 9207: the answer names the server that sent it. This runs before the flow reads the
    // answer (grant() connects the flow later); the flow would exchange the code anyway, so a
    // wrong iss gets it a state it cannot match, and it drops the answer.
    connect(handler, &QAbstractOAuthReplyHandler::callbackReceived, this, [this, flow](const QVariantMap &values) {
        if (!m_issInRedirect || flow != m_flow)
            return;
        const QString iss = QUrl::fromPercentEncoding(values.value(QStringLiteral("iss")).toString().toUtf8());
        if (iss == m_tokens.issuer)
            return;
        flow->setState(QString::fromLatin1(randomText(16)));
        fail(tr("The answer to the sign-in did not come from %1; it was ignored.").arg(m_tokens.issuer));
    });
    flow->setReplyHandler(handler);
    flow->setAuthorizationUrl(m_authorizationEndpoint);
    flow->setScope(scopes);
    // Qt 6.4 makes its state with a time-seeded mt19937; the system's generator is better.
    flow->setState(QString::fromLatin1(randomText(16)));
    connect(flow, &QAbstractOAuth::authorizeWithBrowser, this, [this](const QUrl &url) {
        if (!m_browser(url))
            fail(tr("No web browser could be opened. Open this address yourself: %1").arg(url.toString(QUrl::FullyEncoded)));
    });
    connect(flow, &QAbstractOAuth2::error, this, [this](const QString &error, const QString &description) {
        fail(tr("%1 did not sign you in: %2").arg(m_tokens.issuer, description.isEmpty() ? error : description));
    });
    flow->grant();
}

void OAuthSignIn::onGranted()
{
    const bool wasRefresh = m_refreshing;
    m_tokens.accessToken = m_flow->token();
    m_tokens.refreshToken = m_flow->refreshToken();
    m_tokens.obtainedAt = QDateTime::currentDateTimeUtc();
    m_tokens.expiresAt = m_flow->expirationAt().toUTC();
    m_signingIn = m_refreshing = false;
    if (auto *handler = qobject_cast<QOAuthHttpServerReplyHandler *>(m_flow->replyHandler()))
        handler->close();  // the browser has answered: nothing more to listen for
    scheduleRefresh();
    emit changed();
    if (wasRefresh)
        emit refreshed();
    else
        emit signedIn();
}

void OAuthSignIn::onTokenReply(QNetworkReply *reply)
{
    if (!m_flow || (!m_signingIn && !m_refreshing) || reply->url() != m_tokens.tokenEndpoint
        || reply->operation() != QNetworkAccessManager::PostOperation || reply->error() == QNetworkReply::NoError)
        return;
    // peek: the flow's reply handler reads the body after this.
    const QString why = oauthError(reply, reply->peek(16384));
    if (m_signingIn)
        return fail(tr("%1 gave office-desk no token: %2").arg(m_tokens.issuer, why));
    m_refreshing = false;
    const int status = statusOf(reply);
    if (status == 400 || status == 401) {
        // The refresh token is spent (expired, revoked, or the server forgot it): only the browser helps now.
        signOut();
        return fail(tr("The sign-in to %1 has ended (%2). Sign in again.").arg(m_tokens.issuer.isEmpty() ? m_office.toDisplayString() : m_tokens.issuer, why));
    }
    m_refreshTimer->start(30000);  // the server out of reach for now: again in half a minute, or at the next 401
    fail(tr("The access token could not be refreshed: %1").arg(why));
}

void OAuthSignIn::scheduleRefresh()
{
    m_refreshTimer->stop();
    if (m_tokens.refreshToken.isEmpty() || !m_tokens.obtainedAt.isValid() || !m_tokens.expiresAt.isValid())
        return;
    // At 80 % of the lifetime: early enough for a slow server, late enough not to ask often.
    const qint64 due = m_tokens.obtainedAt.msecsTo(m_tokens.expiresAt) * 8 / 10;
    const qint64 wait = due - m_tokens.obtainedAt.msecsTo(QDateTime::currentDateTimeUtc());
    m_refreshTimer->start(int(qBound<qint64>(0, wait, qint64(INT_MAX))));
}

void OAuthSignIn::restore(const OAuthTokens &tokens)
{
    m_tokens = tokens;
    if (m_issuer.isEmpty())
        m_issuer = tokens.issuer;
    scheduleRefresh();
    emit changed();
}

bool OAuthSignIn::refresh()
{
    if (m_tokens.refreshToken.isEmpty() || !m_tokens.tokenEndpoint.isValid() || m_signingIn)
        return false;
    if (m_refreshing)
        return true;
    m_refreshTimer->stop();
    QOAuth2AuthorizationCodeFlow *flow = newFlow(QByteArray());
    flow->setReplyHandler(new QOAuthOobReplyHandler(flow));  // no browser: the flow only needs its JSON reader
    flow->setRefreshToken(m_tokens.refreshToken);
    m_refreshing = true;
    flow->refreshAccessToken();
    return true;
}

void OAuthSignIn::signOut()
{
    ++m_generation;
    const QString issuer = m_tokens.issuer;
    m_tokens = {};
    m_tokens.issuer = issuer;
    stopFlow();
    emit changed();
    emit signedOut();
}

void OAuthSignIn::fail(const QString &sentence)
{
    m_signingIn = false;
    emit changed();
    emit failed(sentence);
}
