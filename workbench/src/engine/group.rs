//! Process groups. Each engine runs in a group of its own
//! (`CommandExt::process_group(0)`), so that killing it kills what it
//! started too: the engine behind a wrapper script that lacks `exec`, or
//! helper processes. std can start a group but cannot signal one, so this
//! calls `kill(2)` with a negative id through `libc`: one direct system
//! call, rather than running `kill -KILL -- -PGID`, which would fork a
//! process per engine killed and fail if no `kill` program can be run.
//!
//! A group is only signalled while its leader is our unreaped child: the
//! leader's id, and with it the group's, cannot be reused before we reap
//! it, so we never signal someone else's processes.
//!
//! The live groups are listed, so that a program can kill them all when
//! it is interrupted (`kill_engines_on_termination_signals`) or ends
//! (`kill_all`).

use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Engine groups alive now.
struct Live {
    groups: Vec<libc::pid_t>,
    /// Set once the program is ending: no more engines start.
    terminating: bool,
}

static LIVE: Mutex<Live> = Mutex::new(Live {
    groups: Vec::new(),
    terminating: false,
});

fn live() -> MutexGuard<'static, Live> {
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Sends SIGKILL to every process of group `pgid`.
fn kill_group(pgid: libc::pid_t) {
    // Safety: kill(2) has no memory effects; a negative pid names the
    // group. ESRCH (the group is already empty) is the only expected error.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
}

/// The process group of one engine, led by our child process; killed
/// when dropped.
#[derive(Debug)]
pub struct Group {
    pgid: libc::pid_t,
    killed: bool,
}

/// Starts `command` as the leader of a new process group.
pub fn spawn(command: &mut Command) -> std::io::Result<(Child, Group)> {
    // Held across the spawn, so that the termination thread, which takes
    // it too, either finds the new group listed or stops the spawn.
    let mut live = live();
    if live.terminating {
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "the program is terminating",
        ));
    }
    let child = command.process_group(0).spawn()?;
    let pgid = libc::pid_t::try_from(child.id()).expect("a process id fits pid_t");
    live.groups.push(pgid);
    Ok((
        child,
        Group {
            pgid,
            killed: false,
        },
    ))
}

impl Group {
    /// The group's id, its leader's process id.
    pub fn id(&self) -> u32 {
        self.pgid.unsigned_abs()
    }

    /// Kills every process of the group. Call it before reaping the
    /// leader; later calls do nothing.
    pub fn kill(&mut self) {
        if self.killed {
            return;
        }
        let mut live = live();
        kill_group(self.pgid);
        live.groups.retain(|&g| g != self.pgid);
        self.killed = true;
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Whether our child `pid` has exited, without reaping it (`WNOWAIT`), so
/// that its id and its group's stay ours until it is waited for.
pub fn has_exited(pid: u32) -> bool {
    let id: libc::id_t = pid;
    loop {
        // Safety: a zeroed siginfo_t is a valid value for waitid to fill;
        // with WNOHANG it stays zeroed while the child is running.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let options = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
        // Safety: `info` is a valid, writable siginfo_t.
        let r = unsafe { libc::waitid(libc::P_PID, id, &mut info, options) };
        if r == 0 {
            return info.si_signo != 0;
        }
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return true; // ECHILD: already reaped
        }
    }
}

/// Whether `signal` was ignored when the tester started (as `nohup` does
/// for SIGHUP).
fn is_ignored(signal: libc::c_int) -> bool {
    // Safety: a zeroed sigaction is a valid value for sigaction(2) to fill;
    // a null new action only queries.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut old) == 0
            && old.sa_sigaction == libc::SIG_IGN
    }
}

/// Kills every engine group alive now and lets no more engines start:
/// for a program about to end (the tester on a signal, the web GUI after
/// its server stops), so that no engine outlives it.
pub fn kill_all() {
    let mut live = live();
    live.terminating = true;
    for pgid in live.groups.drain(..) {
        kill_group(pgid);
    }
}

/// Set once a termination signal is being handled: the process is about
/// to end by that signal.
static SIGNALLED: AtomicBool = AtomicBool::new(false);

/// `code`, unless a termination signal is being handled: then this waits
/// for the signal to end the process. Killing the engines makes the
/// tester's games fail at once, and without this its main thread could
/// exit with an error code before the signal is raised again, so the exit
/// status would hide the signal.
pub fn unless_signalled<T>(code: T) -> T {
    while SIGNALLED.load(Ordering::SeqCst) {
        std::thread::park();
    }
    code
}

/// Kills every engine group, then ends the tester by `signal` (so that
/// its exit status says so). Other threads may not start engines meanwhile.
fn terminate(signal: libc::c_int) -> ! {
    SIGNALLED.store(true, Ordering::SeqCst);
    kill_all();
    // Safety: plain libc calls on a local, initialised sigset_t. With the
    // default action back and the signal unblocked in this thread, raise
    // ends the process.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, signal);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(signal);
    }
    std::process::exit(128 + signal)
}

/// On SIGINT, SIGTERM or SIGHUP, kills every engine group before the
/// tester ends. Needed because engines in groups of their own no longer
/// get the terminal's Ctrl-C. Signals ignored when the tester started stay
/// ignored.
///
/// The signals are blocked and a thread takes them with `sigwait`, so the
/// cleanup is ordinary code (locks, no async-signal-safety limits). Call
/// it first in `main`, before any thread starts: threads inherit the mask.
/// Engines do not: std clears the mask of the processes it starts. For
/// binaries only: a library has no business taking signals.
pub fn kill_engines_on_termination_signals() {
    // Safety: sigemptyset and sigaddset initialise a local sigset_t.
    let set = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            if !is_ignored(signal) {
                libc::sigaddset(&mut set, signal);
            }
        }
        set
    };
    // Safety: `set` is initialised; the old mask is not wanted.
    unsafe {
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
    }
    let waiter = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || loop {
            let mut signal = 0;
            // Safety: `set` is initialised and `signal` writable.
            if unsafe { libc::sigwait(&set, &mut signal) } == 0 {
                terminate(signal);
            }
        });
    if waiter.is_err() {
        // Without the thread, the signals must keep their default action.
        // Safety: as above.
        unsafe {
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{has_exited, spawn};
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    /// Whether a process with id `pid` is alive (a zombie is not).
    fn alive(pid: u32) -> bool {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Ok(stat) => {
                let state = stat.rsplit(')').next().unwrap_or("").trim_start();
                !state.starts_with('Z') && !state.starts_with('X')
            }
            Err(_) => false,
        }
    }

    #[test]
    fn killing_the_group_kills_the_grandchildren() {
        // A shell (no exec) whose child ignores SIGTERM and says its id.
        let mut command = Command::new("sh");
        command
            .args([
                "-c",
                "sh -c 'trap \"\" TERM; echo $$; exec sleep 100' & wait",
            ])
            .stdout(Stdio::piped());
        let (mut child, mut group) = spawn(&mut command).unwrap();
        assert_eq!(group.id(), child.id());
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let grandchild: u32 = line.trim().parse().unwrap();
        assert!(alive(grandchild));
        assert!(!has_exited(child.id()));
        group.kill();
        let start = Instant::now();
        while !has_exited(child.id()) {
            assert!(start.elapsed() < Duration::from_secs(5));
            std::thread::sleep(Duration::from_millis(1));
        }
        // has_exited does not reap: wait still gets the status.
        assert!(child.wait().is_ok());
        assert!(has_exited(child.id()), "reaped");
        while alive(grandchild) {
            assert!(start.elapsed() < Duration::from_secs(5), "grandchild lives");
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}
