import torch
from torch.nn.utils import clip_grad_value_


class ActorCritic:
    def __init__(self, actor, critic):
        self.actor = actor
        self.critic = critic
        self.actor_optim = torch.optim.RMSprop(actor.parameters(), lr=7e-4)
        self.critic_optim = torch.optim.RMSprop(critic.parameters(), lr=7e-4)

    def learn(self, rollouts, updates):
        done = 0
        while done < updates:
            states, actions, returns = rollouts.sample()
            values = self.critic(states).squeeze(-1)
            self.critic_optim.zero_grad()
            clip_grad_value_(self.critic.parameters(), 0.5)
            critic_loss = (returns - values).pow(2).mean()
            critic_loss.backward()
            self.critic_optim.step()
            advantages = (returns - values).detach()
            log_probs = self.actor(states).log_softmax(-1).gather(1, actions[:, None]).squeeze(1)
            self.actor_optim.zero_grad()
            clip_grad_value_(self.actor.parameters(), 0.5)
            (-(log_probs * advantages).mean()).backward()
            self.actor_optim.step()
            done += 1
