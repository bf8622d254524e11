#include "server/store/store.hpp"

#include <algorithm>
#include <chrono>
#include <future>

#include "server/store/database_error.hpp"
#include "server/store/open_backend.hpp"

namespace sp::server {

std::string failure_reason(const std::exception_ptr& error) {
  if (!error) return "no error";
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "an unknown failure";
  }
}


namespace {

std::unique_ptr<StoreBackend> open_database(const StoreOptions& options) {
  return open_migrated_backend(options.path, options.durable, options.idle_transaction_ms);
}

}  // namespace

Store::Store(StoreOptions options, CommitObserver observer, HandOver hand_over)
    : Store(open_database(options), options.max_batch, std::move(observer), options.commit_delay,
            std::move(hand_over)) {}

Store::Store(std::unique_ptr<StoreBackend> backend, int max_batch, CommitObserver observer,
             std::chrono::microseconds commit_delay, HandOver hand_over)
    : backend_(std::move(backend)),
      max_batch_(static_cast<std::size_t>(std::max(max_batch, 1))),
      observer_(std::move(observer)),
      hand_over_(std::move(hand_over)),
      delay_(commit_delay) {
  writer_ = std::thread([this] { run(); });
}

Store::~Store() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  writer_.join();
}

void Store::submit(Work work, Done done) { enqueue(Job{std::move(work), std::move(done), {}}); }

void Store::enqueue(Job job) {
  job.arrived = CommitDelay::Clock::now();
  bool wake = false;
  {
    std::lock_guard lock(mutex_);
    delay_.arrived(job.arrived);
    queue_.push_back(std::move(job));
    // The writer waits only for a first job, or while gathering for a full
    // batch: any other job it finds without being woken.
    wake = queue_.size() == 1 || queue_.size() == max_batch_;
  }
  if (wake) wake_.notify_one();
}

void Store::run_sync(Work work) {
  std::promise<void> finished;
  auto result = finished.get_future();
  enqueue(Job{std::move(work),
              [&finished](std::exception_ptr error) {
                if (error) {
                  finished.set_exception(error);
                } else {
                  finished.set_value();
                }
              },
              {}, true});
  result.get();
}

StoreStats Store::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void Store::run() {
  std::deque<Job> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty() && stopping_) return;
      if (const auto until = delay_.gather_until(queue_.front().arrived)) {
        wake_.wait_until(lock, *until, [this] { return stopping_ || queue_.size() >= max_batch_; });
      }
      const std::size_t take = std::min(queue_.size(), max_batch_);
      for (std::size_t i = 0; i < take; ++i) {
        batch.push_back(std::move(queue_.front()));
        queue_.pop_front();
      }
    }
    write_batch(batch);
    batch.clear();
  }
}

void Store::write_batch(std::deque<Job>& batch) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::exception_ptr> errors(batch.size());
  std::exception_ptr commit_error;
  std::size_t failed = 0;
  bool open = false;
  try {
    backend_->begin();
    open = true;
    for (std::size_t i = 0; i < batch.size(); ++i) {
      backend_->begin_job();
      try {
        batch[i].work(backend_->records());
        backend_->end_job();
      } catch (...) {
        errors[i] = std::current_exception();
        ++failed;
        backend_->undo_job();
      }
    }
    backend_->commit();
  } catch (...) {
    commit_error = std::current_exception();
    if (open) backend_->rollback();
    // Out of reach rather than failing: every job of the batch is told so,
    // and those that wait on it retry once the database answers again.
    if (backend_->unreachable()) {
      commit_error = std::make_exception_ptr(DatabaseUnavailable(failure_reason(commit_error)));
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  {
    std::lock_guard lock(mutex_);
    ++stats_.transactions;
    stats_.jobs += batch.size();
    stats_.failed_jobs += commit_error ? batch.size() : failed;
  }
  if (observer_) observer_(seconds, batch.size(), commit_error == nullptr);
  if (commit_error) std::fill(errors.begin(), errors.end(), commit_error);
  Completions here;
  Completions handed;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    Completions& to = hand_over_ && !batch[i].awaited ? handed : here;
    to.jobs.push_back(std::move(batch[i]));
    to.errors.push_back(errors[i]);
  }
  if (!handed.jobs.empty()) {
    hand_over_([handed = std::make_shared<Completions>(std::move(handed))] { handed->run(); });
  }
  here.run();
}

void Store::Completions::run() {
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    // Each job's closures (and the tables they hold) are gone before the next
    // completion runs: once run_sync's job completes, no job submitted before
    // it still holds anything, so its caller may tear down what they refer to.
    const Job job = std::move(jobs[i]);
    if (job.done) job.done(errors[i]);
  }
}

}  // namespace sp::server
