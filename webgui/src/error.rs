//! API errors: every failure a request can cause, each with its HTTP
//! status and a JSON body `{"error": message, "code": code}` that the page
//! shows to the person.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("no game with id '{0}'")]
    UnknownGame(String),
    #[error("invalid FEN: {0}")]
    BadFen(String),
    #[error("illegal move '{text}': {reason}")]
    IllegalMove { text: String, reason: String },
    #[error("{0}")]
    BadRequest(String),
    /// The request is well formed but not possible now (game over, the
    /// engine is already thinking, nothing to undo).
    #[error("{0}")]
    Conflict(String),
    #[error("too many games are open (at most {0}); close some tabs")]
    TooManyGames(usize),
    #[error("{message}")]
    Rejected { status: StatusCode, message: String },
    #[error("no such endpoint")]
    NotFound,
    /// The Host header (or request target) names another machine.
    #[error("{0}")]
    BadHost(String),
    #[error("more than one Host header")]
    DuplicateHost,
    /// An HTTP/1.1 request without Host, which RFC 9112 section 3.2 says
    /// a server must answer with 400.
    #[error("an HTTP/1.1 request must carry a Host header")]
    MissingHost,
    /// A state-changing request from a page of another origin.
    #[error("{0}")]
    BadOrigin(String),
    /// The declared `Content-Length` exceeds the limit (answered before
    /// reading the body).
    #[error("request body too large (at most {0} bytes)")]
    BodyTooLarge(usize),
    /// The body did not arrive in time.
    #[error("the request body was not received in time")]
    RequestTimeout,
    #[error("method not allowed for this endpoint")]
    MethodNotAllowed,
    /// The engine could not be started (only with an external engine or
    /// when the system refuses a thread).
    #[error("engine unavailable: {0}")]
    EngineUnavailable(String),
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: String,
    code: &'a str,
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::UnknownGame(_) | ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::BadFen(_) | ApiError::IllegalMove { .. } | ApiError::BadRequest(_) => {
                StatusCode::BAD_REQUEST
            }
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::TooManyGames(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Rejected { status, .. } => *status,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::EngineUnavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::BadHost(_) => StatusCode::MISDIRECTED_REQUEST,
            ApiError::DuplicateHost | ApiError::MissingHost => StatusCode::BAD_REQUEST,
            ApiError::BadOrigin(_) => StatusCode::FORBIDDEN,
            ApiError::BodyTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
        }
    }

    /// A stable machine-readable code for tests and the page.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::UnknownGame(_) => "unknown_game",
            ApiError::BadFen(_) => "bad_fen",
            ApiError::IllegalMove { .. } => "illegal_move",
            ApiError::BadRequest(_) => "bad_request",
            ApiError::Conflict(_) => "conflict",
            ApiError::TooManyGames(_) => "too_many_games",
            ApiError::Rejected { status, .. } => match *status {
                StatusCode::PAYLOAD_TOO_LARGE => "body_too_large",
                StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
                _ => "bad_request",
            },
            ApiError::NotFound => "not_found",
            ApiError::MethodNotAllowed => "method_not_allowed",
            ApiError::EngineUnavailable(_) => "engine_unavailable",
            ApiError::BadHost(_) | ApiError::DuplicateHost | ApiError::MissingHost => "bad_host",
            ApiError::BadOrigin(_) => "bad_origin",
            ApiError::BodyTooLarge(_) => "body_too_large",
            ApiError::RequestTimeout => "request_timeout",
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: self.to_string(),
            code: self.code(),
        };
        (self.status(), Json(body)).into_response()
    }
}

impl From<axum::extract::rejection::JsonRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::JsonRejection) -> Self {
        ApiError::Rejected {
            status: rejection.status(),
            message: rejection.body_text(),
        }
    }
}

impl From<axum::extract::rejection::QueryRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::QueryRejection) -> Self {
        ApiError::Rejected {
            status: StatusCode::BAD_REQUEST,
            message: rejection.body_text(),
        }
    }
}
