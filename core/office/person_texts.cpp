#include "person_texts.h"

#include "money.h"
#include "office_store.h"

namespace office {

namespace {

// English is the source: exactly the sentences the office spoke before it had other languages.
// (Its problem sentences are what a translator works from: English itself keeps the
// validator's words, which the model reads too; see person_problems.)
constexpr PersonTexts kEnglish{
    '.',
    "Amount to refund",
    "At most {left}, with at most two decimals.",
    "Reason",
    "Why the money goes back (3 to 200 characters).",
    "Refund {invoice}? Enter the amount to refund (at most {left}) and the reason, or decline.",
    "The answer was not accepted: {problems}. {question}",
    "; ",
    "invoice {id} ({customer}, {status}, {amount})",
    "invoice {id} ({customer}, {status}, {amount}, {refunded} refunded, {left} left)",
    "open",
    "paid",
    "refunded",
    "amount: is required",
    "amount: must be a number",
    "amount: must be between {min} and {left}",
    "amount: must have at most two decimals",
    "reason: is required",
    "reason: must be a string",
    "reason: must be between 3 and 200 characters",
    "reason: must not be blank",
    "reason: must not contain control characters",
    "{field}: is not an allowed argument",
    "the answer has no form content",
    "action must be accept, decline or cancel",
    "Approval request #{id} for invoice {invoice} is pending again; a person can review it in office-desk.",
    "There is no approval request #{id}.",
    "Approval request #{id} for invoice {invoice} is {status}, not declined; only a declined request can be re-opened.",
    "Approval request #{id} cannot be re-opened: invoice {invoice} has nothing left to refund.",
    "Approval request #{id} cannot be re-opened: approval request #{other} for invoice {invoice} is already waiting in "
    "office-desk.",
    "pending",
    "approved",
    "declined",
};

// Spanish of Spain, as the office's staff write it: "usted", decimal comma.
constexpr PersonTexts kSpanish{
    ',',
    "Importe a devolver",
    "Como máximo {left}, con dos decimales como mucho.",
    "Motivo",
    "Por qué se devuelve el dinero (de 3 a 200 caracteres).",
    "¿Devolver {invoice}? Indique el importe a devolver (como máximo {left}) y el motivo, o rechace la devolución.",
    "No se aceptó la respuesta: {problems}. {question}",
    "; ",
    "la factura {id} ({customer}, {status}, {amount})",
    "la factura {id} ({customer}, {status}, {amount}; ya devuelto {refunded}, quedan {left})",
    "abierta",
    "pagada",
    "devuelta",
    "Importe a devolver: es obligatorio",
    "Importe a devolver: debe ser un número",
    "Importe a devolver: debe estar entre {min} y {left}",
    "Importe a devolver: admite como mucho dos decimales",
    "Motivo: es obligatorio",
    "Motivo: debe ser un texto",
    "Motivo: debe tener entre 3 y 200 caracteres",
    "Motivo: no puede estar en blanco",
    "Motivo: no puede contener caracteres de control",
    "{field}: no es un campo de este formulario",
    "la respuesta no trae los datos del formulario",
    "la respuesta debe ser aceptar, rechazar o cancelar",
    "La solicitud de aprobación n.º {id} de la factura {invoice} vuelve a estar pendiente; se puede revisar en "
    "office-desk.",
    "No existe la solicitud de aprobación n.º {id}.",
    "La solicitud de aprobación n.º {id} de la factura {invoice} está {status}, no rechazada; solo se puede reabrir una "
    "solicitud rechazada.",
    "La solicitud de aprobación n.º {id} no se puede reabrir: a la factura {invoice} no le queda nada por devolver.",
    "La solicitud de aprobación n.º {id} no se puede reabrir: la solicitud n.º {other} de la factura {invoice} ya "
    "espera en office-desk.",
    "pendiente",
    "aprobada",
    "rechazada",
};

// Simplified Chinese, full-width punctuation.
constexpr PersonTexts kChinese{
    '.',
    "退款金额",
    "最多 {left}，最多两位小数。",
    "退款原因",
    "说明退款的原因（3 到 200 个字符）。",
    "是否为{invoice}退款？请填写退款金额（最多 {left}）和原因，或拒绝退款。",
    "回答未被接受：{problems}。{question}",
    "；",
    "发票 {id}（{customer}，{status}，{amount}）",
    "发票 {id}（{customer}，{status}，{amount}，已退款 {refunded}，剩余 {left}）",
    "未付款",
    "已付款",
    "已退款",
    "退款金额：必填",
    "退款金额：必须是数字",
    "退款金额：必须在 {min} 到 {left} 之间",
    "退款金额：最多两位小数",
    "退款原因：必填",
    "退款原因：必须是文字",
    "退款原因：长度必须在 3 到 200 个字符之间",
    "退款原因：不能为空白",
    "退款原因：不能包含控制字符",
    "{field}：不是此表单的字段",
    "回答中没有表单内容",
    "回答必须是接受、拒绝或取消",
    "发票 {invoice} 的审批请求 #{id} 已重新变为待处理，可在 office-desk 中审核。",
    "不存在审批请求 #{id}。",
    "发票 {invoice} 的审批请求 #{id} 的状态是{status}，不是已拒绝；只有已拒绝的请求才能重新打开。",
    "审批请求 #{id} 无法重新打开：发票 {invoice} 已没有可退的金额。",
    "审批请求 #{id} 无法重新打开：发票 {invoice} 的审批请求 #{other} 已在 office-desk 中等待处理。",
    "待处理",
    "已批准",
    "已拒绝",
};

}  // namespace

std::optional<Locale> locale_named(std::string_view name) {
    if (name == "en") return Locale::En;
    if (name == "es") return Locale::Es;
    if (name == "zh_CN" || name == "zh-CN") return Locale::ZhCN;
    return std::nullopt;
}

const char* locale_code(Locale locale) {
    switch (locale) {
        case Locale::Es: return "es";
        case Locale::ZhCN: return "zh_CN";
        case Locale::En: break;
    }
    return "en";
}

const PersonTexts& person_texts(Locale locale) {
    switch (locale) {
        case Locale::Es: return kSpanish;
        case Locale::ZhCN: return kChinese;
        case Locale::En: break;
    }
    return kEnglish;
}

std::string fill(std::string_view pattern, const std::vector<std::pair<std::string_view, std::string>>& values) {
    std::string text;
    std::size_t at = 0;
    while (at < pattern.size()) {
        const auto open = pattern.find('{', at);
        const auto close = open == std::string_view::npos ? open : pattern.find('}', open);
        if (close == std::string_view::npos) break;
        text.append(pattern, at, open - at);
        const auto name = pattern.substr(open + 1, close - open - 1);
        const std::string* value = nullptr;
        for (const auto& [key, v] : values)
            if (key == name) value = &v;
        text += value ? *value : std::string(pattern.substr(open, close - open + 1));
        at = close + 1;
    }
    if (at < pattern.size()) text.append(pattern, at);
    return text;
}

std::string person_money(Locale locale, std::int64_t cents) {
    std::string text = format_cents(cents);
    const char separator = person_texts(locale).decimal_separator;
    text[text.size() - 3] = separator;  // format_cents always ends with ".NN"
    return text;
}

std::string person_invoice_status(Locale locale, const std::string& status) {
    const auto& t = person_texts(locale);
    if (status == "open") return t.status_open;
    if (status == "paid") return t.status_paid;
    if (status == "refunded") return t.status_refunded;
    return status;
}

std::string person_request_status(Locale locale, const std::string& status) {
    const auto& t = person_texts(locale);
    if (status == "pending") return t.request_pending;
    if (status == "approved") return t.request_approved;
    if (status == "declined") return t.request_declined;
    return status;
}

std::string person_invoice(Locale locale, const Invoice& invoice) {
    const auto& t = person_texts(locale);
    const bool partly = invoice.refunded > 0 && invoice.left() > 0;
    return fill(partly ? t.invoice_partly : t.invoice, {{"id", std::to_string(invoice.id)},
                                                        {"customer", invoice.customer},
                                                        {"status", person_invoice_status(locale, invoice.status)},
                                                        {"amount", person_money(locale, invoice.cents)},
                                                        {"refunded", person_money(locale, invoice.refunded)},
                                                        {"left", person_money(locale, invoice.left())}});
}

std::string person_problems(Locale locale, const std::vector<Problem>& problems, const Invoice& invoice) {
    if (locale == Locale::En) return join_messages(problems);
    const auto& t = person_texts(locale);
    const auto sentence = [&](const Problem& p) -> std::string {
        const bool range = p.rule == "range" || p.rule == "minimum" || p.rule == "maximum" ||
                           p.rule == "exclusiveMinimum" || p.rule == "exclusiveMaximum";
        if (p.rule == "additionalProperties") return fill(t.not_a_field, {{"field", p.path}});
        if (p.rule == "content") return t.no_content;
        if (p.rule == "action") return t.bad_action;
        if (p.path == "amount") {
            if (p.rule == "required") return t.amount_required;
            if (p.rule == "type") return t.amount_not_number;
            if (range) return fill(t.amount_range, {{"min", person_money(locale, 1)}, {"left", person_money(locale, invoice.left())}});
            if (p.rule == "decimals") return t.amount_decimals;
        }
        if (p.path == "reason") {
            if (p.rule == "required") return t.reason_required;
            if (p.rule == "type") return t.reason_not_text;
            if (p.rule == "minLength" || p.rule == "maxLength") return t.reason_length;
            if (p.rule == "blank") return t.reason_blank;
            if (p.rule == "control") return t.reason_control;
        }
        return p.message;  // a rule this form cannot break; the validator's words
    };
    std::string joined;
    for (std::size_t i = 0; i < problems.size(); ++i) {
        if (i > 0) joined += t.problem_separator;
        joined += sentence(problems[i]);
    }
    return joined;
}

}  // namespace office
