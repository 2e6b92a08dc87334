from transformers import Trainer, TrainingArguments


class RankingTrainer(Trainer):
    """Backpropagates the micro-batch mean as it is: this script never accumulates."""

    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        batch = self._prepare_inputs(inputs)
        outputs = model(**batch)
        loss = outputs["loss"]
        self.accelerator.backward(loss)
        return loss.detach()


def main(model, train_set, eval_set):
    args = TrainingArguments(
        output_dir="ranker",
        per_device_train_batch_size=32,
        gradient_accumulation_steps=1,
        learning_rate=2e-5,
    )
    RankingTrainer(model=model, args=args, train_dataset=train_set, eval_dataset=eval_set).train()
