from agents import DQN


def run(env, buffer, episodes, batch_size=64, sync_every=500):
    agent = DQN(env.observations, env.actions)
    steps = 0
    for episode in range(episodes):
        state, done = env.reset(), False
        while not done:
            action = agent.act(state)
            next_state, reward, done = env.step(action)
            buffer.add(state, action, reward, next_state, done)
            state = next_state
            steps += 1
            if len(buffer) >= batch_size:
                agent.learn(*buffer.sample(batch_size))
            if steps % sync_every == 0:
                agent.sync()
