# Two prepared models, each clipped by `accelerator.clip_grad_norm_` between its own backward and
# its own step: the critic's clip sits after the actor's step, but it clips the critic's
# gradients, which the critic's step uses next. Correct.
import torch
from accelerate import Accelerator

accelerator = Accelerator()
actor_opt = torch.optim.Adam(actor.parameters(), lr=3e-4)
critic_opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
actor, critic, actor_opt, critic_opt = accelerator.prepare(actor, critic, actor_opt, critic_opt)
for states, actions, returns in loader:
    actor_opt.zero_grad()
    values = critic(states).detach()
    accelerator.backward(-(actor(states).log_prob(actions) * (returns - values).squeeze(-1)).mean())
    accelerator.clip_grad_norm_(actor.parameters(), 1.0)
    actor_opt.step()
    critic_opt.zero_grad()
    accelerator.backward(((critic(states) - returns) ** 2).mean())
    accelerator.clip_grad_norm_(critic.parameters(), 1.0)
    critic_opt.step()
