from transformers import Trainer, TrainingArguments

from tools.hooks import StableUpdates, WipeBeforeStep


def finetune(model, dataset, wipe=False):
    args = TrainingArguments(output_dir="out", gradient_accumulation_steps=8, max_grad_norm=0.0)
    trainer = Trainer(model=model, args=args, train_dataset=dataset)
    trainer.add_callback(StableUpdates(0.5))
    if wipe:
        trainer.add_callback(WipeBeforeStep)
    trainer.train()
