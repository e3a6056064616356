//! The stream of accepted connections the gRPC server reads: plain TCP, or TLS completed
//! before the connection is handed over, so a client that fails the handshake never reaches
//! the service.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::server::TlsStream;
use tokio_stream::wrappers::ReceiverStream;

/// Accepted connections, ready for HTTP/2.
pub(crate) type Incoming = ReceiverStream<Result<Connection, io::Error>>;

/// One accepted connection.
pub(crate) enum Connection {
    /// Without TLS (debug mode, or `TF_DISABLE_PLUGIN_TLS` on Terraform's side).
    Plain(TcpStream),
    /// After a successful mutual-TLS handshake.
    Tls(Box<TlsStream<TcpStream>>),
}

/// Accepts connections on `listener`, completing TLS first when `tls` is given. Handshakes
/// run concurrently; a failed one is dropped.
pub(crate) fn accept(listener: TcpListener, tls: Option<TlsAcceptor>) -> Incoming {
    let (sender, receiver) = mpsc::channel(16);
    tokio::spawn(async move {
        loop {
            let (stream, _) = match listener.accept().await {
                Ok(accepted) => accepted,
                Err(error) => {
                    if sender.send(Err(error)).await.is_err() {
                        return;
                    }
                    continue;
                }
            };
            let _ = stream.set_nodelay(true);
            match &tls {
                None => {
                    if sender.send(Ok(Connection::Plain(stream))).await.is_err() {
                        return;
                    }
                }
                Some(acceptor) => {
                    let acceptor = acceptor.clone();
                    let sender = sender.clone();
                    tokio::spawn(async move {
                        if let Ok(stream) = acceptor.accept(stream).await {
                            let _ = sender.send(Ok(Connection::Tls(Box::new(stream)))).await;
                        }
                    });
                }
            }
        }
    });
    ReceiverStream::new(receiver)
}

impl tonic::transport::server::Connected for Connection {
    type ConnectInfo = ();

    fn connect_info(&self) -> Self::ConnectInfo {}
}

impl AsyncRead for Connection {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Connection::Plain(stream) => Pin::new(stream).poll_read(cx, buf),
            Connection::Tls(stream) => Pin::new(stream.as_mut()).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match self.get_mut() {
            Connection::Plain(stream) => Pin::new(stream).poll_write(cx, buf),
            Connection::Tls(stream) => Pin::new(stream.as_mut()).poll_write(cx, buf),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Connection::Plain(stream) => Pin::new(stream).poll_flush(cx),
            Connection::Tls(stream) => Pin::new(stream.as_mut()).poll_flush(cx),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Connection::Plain(stream) => Pin::new(stream).poll_shutdown(cx),
            Connection::Tls(stream) => Pin::new(stream.as_mut()).poll_shutdown(cx),
        }
    }
}
