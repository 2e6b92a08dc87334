# A trainer keeps its optimizers in a list attribute and steps them all in a loop, but its
# iteration clears only the critic's: the actor's gradients accumulate step after step.
import torch


class ActorCritic:
    def __init__(self, actor, critic):
        self.actor_optim = torch.optim.Adam(actor.parameters(), lr=3e-4)
        self.critic_optim = torch.optim.Adam(critic.parameters(), lr=1e-3)
        self.optims = [self.actor_optim, self.critic_optim]

    def learn(self, rollouts):
        step = 0
        while step < len(rollouts):
            self.critic_optim.zero_grad()
            total = self.objective(rollouts[step])
            total.backward()
            for o in self.optims:
                o.step()
            step += 1
