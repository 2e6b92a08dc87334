from transformers import Trainer


class MyTrainer(Trainer):
    loss_is_scaled_for_ga = False

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        outputs = model(**inputs)
        loss = outputs.loss / self.args.gradient_accumulation_steps
        return (loss, outputs) if return_outputs else loss
