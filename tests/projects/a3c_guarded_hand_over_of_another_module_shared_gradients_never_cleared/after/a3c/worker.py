import torch.nn.functional as F

from a3c.sync import share_gradients


class Worker:
    def __init__(self, local_model, global_model, global_optimizer, env):
        self.local_model = local_model
        self.global_model = global_model
        self.global_optimizer = global_optimizer
        self.env = env

    def run(self, updates):
        done = 0
        while done < updates:
            self.local_model.load_state_dict(self.global_model.state_dict())
            self.local_model.zero_grad()
            self.global_optimizer.zero_grad()
            obs, returns = self.env.rollout(self.local_model)
            value_loss = F.mse_loss(self.local_model(obs).squeeze(-1), returns)
            value_loss.backward()
            share_gradients(self.local_model, self.global_model)
            self.global_optimizer.step()
            done += 1
