import torch
from transformers import Trainer


class AdversarialTrainer(Trainer):
    def __init__(self, *args, critic=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.critic = critic
        self.critic_opt = torch.optim.Adam(critic.parameters(), lr=1e-4)

    def training_step(self, model, inputs, num_items_in_batch=None):
        self.critic_opt.zero_grad()
        critic_loss = self.critic(inputs["input_ids"].float()).mean()
        critic_loss.backward()
        self.critic_opt.step()
        loss = model(**inputs).loss / self.args.gradient_accumulation_steps
        self.accelerator.backward(loss)
        return loss.detach()
