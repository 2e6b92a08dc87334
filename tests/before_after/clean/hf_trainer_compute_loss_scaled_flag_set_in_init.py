from transformers import Trainer as HFTrainer


class ContrastiveTrainer(HFTrainer):
    def __init__(self, *args, temperature=0.1, **kwargs):
        super().__init__(*args, **kwargs)
        self.temperature = temperature
        self.loss_is_scaled_for_ga = True

    def compute_loss(self, model, inputs, return_outputs=False, **kwargs):
        out = model(**inputs)
        logits = out.logits / self.temperature
        loss = logits.logsumexp(-1).mean()
        return loss / self.args.gradient_accumulation_steps
