# A critic trained with a prepared optimizer in a `while` loop: `accelerator.clip_grad_value_`
# (the parameters given by keyword) runs after the critic's step and before the actor's. The
# critic's step used unclipped gradients; the clip belongs before it.
import torch
from accelerate import Accelerator

accelerator = Accelerator()
actor_opt = torch.optim.Adam(actor.parameters(), lr=3e-4)
critic_opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
actor, critic, actor_opt, critic_opt = accelerator.prepare(actor, critic, actor_opt, critic_opt)
update = 0
while update < total_updates:
    states, actions, returns = buffer.sample()
    values = critic(states)
    critic_opt.zero_grad()
    accelerator.backward(((values - returns) ** 2).mean())
    critic_opt.step()
    accelerator.clip_grad_value_(parameters=critic.parameters(), clip_value=0.5)
    actor_opt.zero_grad()
    advantage = (returns - values.detach()).squeeze(-1)
    accelerator.backward(-(actor(states).log_prob(actions) * advantage).mean())
    actor_opt.step()
    update += 1
