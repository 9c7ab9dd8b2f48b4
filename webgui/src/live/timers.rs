//! The game's two timers on the async runtime: the flag timer, which
//! ends a game on time without anyone polling, and the idle release,
//! which gives back the engine of a game nobody plays any more. Both hold
//! the game weakly, so a closed game is never kept alive by its timers.

use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use super::shared::{retire, Inner, Shared};

/// Checked a little after a clock's deadline, so the flag has surely fallen.
const FLAG_SLACK: Duration = Duration::from_millis(5);

impl Inner {
    /// Gives the engine back once it has not searched for
    /// `engine_idle_release` (a person who walked away from a game should
    /// not keep a table from the games being played). One timer per game,
    /// re-armed after the next search.
    pub(super) fn arm_idle_release(self: &Arc<Self>, s: &mut Shared) {
        let Some(runtime) = &self.ctx.runtime else {
            return;
        };
        let idle = self.ctx.config.engine_idle_release;
        // A release time beyond what an Instant holds means never.
        let (false, Some(deadline)) = (s.idle_timer_armed, s.engine_used.checked_add(idle)) else {
            return;
        };
        s.idle_timer_armed = true;
        let weak: Weak<Inner> = Arc::downgrade(self);
        runtime.spawn(idle_release(weak, idle, deadline));
    }

    /// Wakes up when the running clock's flag falls, so subscribers learn
    /// of a loss on time without polling.
    pub(super) fn arm_flag_timer(self: &Arc<Self>, s: &mut Shared) {
        if let Some(old) = s.flag_timer.take() {
            old.abort();
        }
        let (Some(runtime), false) = (&self.ctx.runtime, s.session.is_over()) else {
            return;
        };
        let Some(deadline) = s.session.clocks().and_then(|c| c.deadline()) else {
            return;
        };
        let weak: Weak<Inner> = Arc::downgrade(self);
        let task = runtime.spawn(async move {
            tokio::time::sleep_until(tokio::time::Instant::from_std(deadline + FLAG_SLACK)).await;
            if let Some(inner) = weak.upgrade() {
                let mut s = inner.lock();
                inner.touch(&mut s);
            }
        });
        s.flag_timer = Some(task.abort_handle());
    }
}

/// The idle release's task: sleeps until the engine has been idle for
/// `idle`, moving its deadline on while searches keep ending.
async fn idle_release(weak: Weak<Inner>, idle: Duration, mut deadline: Instant) {
    loop {
        tokio::time::sleep_until(tokio::time::Instant::from_std(deadline)).await;
        let Some(inner) = weak.upgrade() else { return };
        let mut s = inner.lock();
        let due = s.engine_used.checked_add(idle).unwrap_or(deadline);
        // While it searches the engine is on its thread: the end of that
        // search arms a new timer.
        if s.thinking.is_some() || s.searcher.is_none() || Instant::now() >= due {
            s.idle_timer_armed = false;
            if s.thinking.is_none() {
                if let Some(searcher) = s.searcher.take() {
                    retire(searcher);
                }
            }
            return;
        }
        deadline = due;
    }
}
