from transformers import Seq2SeqTrainer


class Tracked(Seq2SeqTrainer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.batch_losses = []
        self.loss_sum = 0.0

    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        step_loss = model(**inputs).loss / self.args.gradient_accumulation_steps
        self.accelerator.backward(step_loss)
        self.batch_losses.append(step_loss)
        self.loss_sum = self.loss_sum + step_loss
        return step_loss.detach()
